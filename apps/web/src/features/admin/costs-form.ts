import type { BillingSettings, Gift, TokenCosts } from '@amora/shared/settings.ts';

/**
 * The console's forms for token costs, gift prices and billing rules (issue 11 item 5): drafts as
 * typed, turned back into the section the admin API replaces. A value that is not a number is sent
 * as typed, so the server names the field that is wrong.
 */
export type Draft = Record<string, string>;

const numberOr = (s: string): number | string => {
  const n = Number(s.trim().replace(',', '.'));
  return s.trim() !== '' && Number.isFinite(n) ? n : s;
};
const countries = (s: string) =>
  s
    .split(/[\s,;]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);

export const TOKEN_COST_FIELDS = [
  'tokens_for_model',
  'tokens_for_message',
  'extra_tokens_for_language',
  'tokens_for_get_voice',
  'tokens_for_get_photo',
  'tokens_for_sent_photo',
  'tokens_for_get_video',
] as const satisfies readonly (keyof TokenCosts)[];

export function tokensDraft(costs: TokenCosts): Draft {
  return Object.fromEntries(TOKEN_COST_FIELDS.map((k) => [k, String(costs[k])]));
}
export function tokensFromDraft(draft: Draft): Record<string, number | string> {
  return Object.fromEntries(TOKEN_COST_FIELDS.map((k) => [k, numberOr(draft[k] ?? '')]));
}

export function giftsDraft(gifts: Gift[]): Draft {
  const out: Draft = {};
  for (const g of gifts) {
    out[`${g.id}.tokens`] = String(g.tokens);
    out[`${g.id}.name`] = g.name;
    out[`${g.id}.icon`] = g.icon;
  }
  return out;
}
export function giftsFromDraft(gifts: Gift[], draft: Draft): unknown[] {
  return gifts.map((g) => ({
    ...g,
    tokens: numberOr(draft[`${g.id}.tokens`] ?? ''),
    name: (draft[`${g.id}.name`] ?? '').trim(),
    icon: (draft[`${g.id}.icon`] ?? '').trim(),
  }));
}

export const BILLING_FIELDS = [
  'first_subscription_discount',
  'renewal_retry_hours',
  'renewal_grace_days',
  'trial_renews_to',
  'tier_1_countries',
  'tier_3_countries',
  'new_user_offer.hours',
] as const;
export type BillingField = (typeof BILLING_FIELDS)[number];

export function billingDraft(b: BillingSettings): Draft {
  return {
    first_subscription_discount: String(b.first_subscription_discount),
    renewal_retry_hours: String(b.renewal_retry_hours),
    renewal_grace_days: String(b.renewal_grace_days),
    trial_renews_to: b.trial_renews_to,
    tier_1_countries: b.tier_1_countries.join(', '),
    tier_3_countries: b.tier_3_countries.join(', '),
    'new_user_offer.hours': String(b.new_user_offer.hours),
  };
}
/** The billing section with the typed rules; the new-user pack itself is kept as stored. */
export function billingFromDraft(b: BillingSettings, draft: Draft): unknown {
  return {
    ...b,
    first_subscription_discount: numberOr(draft.first_subscription_discount ?? ''),
    renewal_retry_hours: numberOr(draft.renewal_retry_hours ?? ''),
    renewal_grace_days: numberOr(draft.renewal_grace_days ?? ''),
    trial_renews_to: (draft.trial_renews_to ?? '').trim(),
    tier_1_countries: countries(draft.tier_1_countries ?? ''),
    tier_3_countries: countries(draft.tier_3_countries ?? ''),
    new_user_offer: { ...b.new_user_offer, hours: numberOr(draft['new_user_offer.hours'] ?? '') },
  };
}

/** The draft field a server message names (`tokens_for_model: Too big` → tokens_for_model). */
export function fieldOfMessage(message: string, fields: readonly string[]): string | null {
  const path = (message.split(':')[0]?.trim() ?? '').replace(/^body[./]/, '');
  const hit = fields.find((f) => path === f || path.startsWith(`${f}.`) || path.startsWith(`${f}[`));
  return hit ?? null;
}
