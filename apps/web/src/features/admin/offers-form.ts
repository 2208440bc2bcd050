import type { SubscriptionPlan, TokenPack } from '@amora/shared/settings.ts';

/** The offer fields an operator edits in the console (SPEC §3), with whether empty means "none". */
export const OFFER_FIELDS = [
  { name: 'tokens', nullable: false },
  { name: 'sale', nullable: false },
  { name: 'price_t_1', nullable: false },
  { name: 'price_t_2', nullable: false },
  { name: 'price_t_3', nullable: false },
  { name: 'old_price_t_1', nullable: true },
  { name: 'old_price_t_2', nullable: true },
  { name: 'old_price_t_3', nullable: true },
  { name: 'price_admin', nullable: false },
  { name: 'price_tg', nullable: true },
  { name: 'old_price_tg', nullable: true },
] as const;
export type OfferField = (typeof OFFER_FIELDS)[number]['name'] | 'text';

export type Offer = TokenPack | SubscriptionPlan;
/** What the operator has typed, per offer uuid and field. */
export type OfferDraft = Record<string, Partial<Record<OfferField, string>>>;

export function fieldsOf(offer: Offer): OfferField[] {
  const names: OfferField[] = OFFER_FIELDS.map((f) => f.name);
  return 'text' in offer ? ['text', ...names] : names;
}

export function draftOf(offers: Offer[]): OfferDraft {
  return Object.fromEntries(
    offers.map((o) => [
      o.uuid,
      Object.fromEntries(
        fieldsOf(o).map((f) => {
          const v = (o as Record<string, unknown>)[f];
          return [f, typeof v === 'number' ? String(v) : typeof v === 'string' ? v : ''];
        }),
      ),
    ]),
  );
}

/**
 * The section to send: each offer as loaded with the typed fields over it. A number is read with
 * either decimal separator; empty is null where a field may be empty; anything else goes as typed,
 * so the server's answer names the field (the server is the one judge of the rules).
 */
export function offersFromDraft<T extends Offer>(offers: T[], draft: OfferDraft): T[] {
  return offers.map((o) => {
    const typed = draft[o.uuid] ?? {};
    const next: Record<string, unknown> = { ...o };
    for (const f of fieldsOf(o)) {
      const raw = typed[f];
      if (raw === undefined) continue;
      if (f === 'text') {
        next[f] = raw;
        continue;
      }
      const value = raw.trim();
      const nullable = OFFER_FIELDS.find((x) => x.name === f)?.nullable ?? false;
      if (value === '') next[f] = nullable ? null : value;
      else {
        const n = Number(value.replace(',', '.'));
        next[f] = Number.isFinite(n) ? n : value;
      }
    }
    return next as T;
  });
}

/** The offer and field a server validation message names (`body.1.price_t_2: …`), if any. */
export function fieldOfError(
  message: string,
  offers: Offer[],
): { uuid: string; field: string; detail: string } | null {
  const m = /^body\.(\d+)\.([a-z_0-9]+): (.+)$/s.exec(message);
  if (!m) return null;
  const offer = offers[Number(m[1])];
  return offer ? { uuid: offer.uuid, field: m[2]!, detail: m[3]! } : null;
}
