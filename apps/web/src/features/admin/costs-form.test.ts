import { DEFAULT_BILLING_SETTINGS, DEFAULT_GIFTS, DEFAULT_TOKEN_COSTS } from '@amora/shared/settings.ts';
import { EditableBilling, EditableGifts, EditableTokenCosts } from '@amora/shared/offers.ts';
import { describe, expect, it } from 'vitest';
import {
  billingDraft,
  billingFromDraft,
  fieldOfMessage,
  giftsDraft,
  giftsFromDraft,
  tokensDraft,
  tokensFromDraft,
} from './costs-form.ts';

describe('token costs, gifts and billing forms', () => {
  it('round-trip the stored sections into what the admin API accepts', () => {
    expect(tokensFromDraft(tokensDraft(DEFAULT_TOKEN_COSTS))).toEqual(DEFAULT_TOKEN_COSTS);
    expect(EditableTokenCosts.safeParse(tokensFromDraft(tokensDraft(DEFAULT_TOKEN_COSTS))).success).toBe(
      true,
    );
    expect(giftsFromDraft(DEFAULT_GIFTS, giftsDraft(DEFAULT_GIFTS))).toEqual(DEFAULT_GIFTS);
    expect(EditableGifts.safeParse(giftsFromDraft(DEFAULT_GIFTS, giftsDraft(DEFAULT_GIFTS))).success).toBe(
      true,
    );
    const billing = billingFromDraft(DEFAULT_BILLING_SETTINGS, billingDraft(DEFAULT_BILLING_SETTINGS));
    expect(billing).toEqual(DEFAULT_BILLING_SETTINGS);
  });

  it('applies typed values: numbers with either separator, country lists in any case', () => {
    const tokens = tokensFromDraft({ ...tokensDraft(DEFAULT_TOKEN_COSTS), tokens_for_message: '7' });
    expect(tokens.tokens_for_message).toBe(7);
    const gifts = giftsFromDraft(DEFAULT_GIFTS, {
      ...giftsDraft(DEFAULT_GIFTS),
      'flowers.tokens': '45',
      'flowers.name': ' Roses ',
    }) as { id: string; tokens: number; name: string }[];
    expect(gifts.find((g) => g.id === 'flowers')).toMatchObject({ tokens: 45, name: 'Roses' });
    const billing = billingFromDraft(DEFAULT_BILLING_SETTINGS, {
      ...billingDraft(DEFAULT_BILLING_SETTINGS),
      tier_1_countries: 'us, gb;DE',
      renewal_retry_hours: '12,5',
    }) as { tier_1_countries: string[]; renewal_retry_hours: number };
    expect(billing.tier_1_countries).toEqual(['US', 'GB', 'DE']);
    expect(billing.renewal_retry_hours).toBe(12.5);
  });

  it('sends what is not a number as typed, so the server names the field', () => {
    const tokens = tokensFromDraft({ ...tokensDraft(DEFAULT_TOKEN_COSTS), tokens_for_model: 'ten' });
    const parsed = EditableTokenCosts.safeParse(tokens);
    expect(parsed.success).toBe(false);
    expect(
      fieldOfMessage('tokens_for_model: Invalid input', ['tokens_for_model', 'tokens_for_message']),
    ).toBe('tokens_for_model');
    const billing = EditableBilling.safeParse(
      billingFromDraft(DEFAULT_BILLING_SETTINGS, {
        ...billingDraft(DEFAULT_BILLING_SETTINGS),
        tier_3_countries: 'USA',
      }),
    );
    expect(billing.success).toBe(false);
    expect(fieldOfMessage('tier_3_countries[0]: An ISO country code (US)', ['tier_3_countries'])).toBe(
      'tier_3_countries',
    );
  });
});
