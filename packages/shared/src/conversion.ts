import { z } from 'zod';
import { PaymentProviderName } from './payments.ts';

/**
 * The offers that convert (issue 12 item 4, SPEC §2 overlays, docs/decisions/080): the operator
 * switches each on or off and tunes it; the server decides who may see which one now.
 */
export const CONVERSION_OFFERS = [
  'leave_offer',
  'mystery_box',
  'trial_dialog',
  'upsell',
  'marketing',
  'vpn_warning',
  'fortune',
] as const;
export const ConversionOfferId = z.enum(CONVERSION_OFFERS);
export type ConversionOfferId = z.infer<typeof ConversionOfferId>;

/** SPEC §9 upsell features. */
export const UPSELL_FEATURES = [
  'photos_videos',
  'voice_messages',
  'send_photos',
  'more_languages',
  'more_videos',
] as const;
export const UpsellFeature = z.enum(UPSELL_FEATURES);
export type UpsellFeature = z.infer<typeof UpsellFeature>;

/** SPEC §1 marketing copy. */
export const MARKETING_FEATURES = [
  'sexting',
  'relationship',
  'personality_modes',
  'video',
  'photos',
  'voice_messages',
  'languages',
] as const;
export const MarketingFeature = z.enum(MARKETING_FEATURES);

/** The mystery box's id as a payment's `offerId`. */
export const MYSTERY_BOX_OFFER_ID = 'mystery-box';

const price = z.number().min(0).max(1_000_000).multipleOf(0.01, { error: 'A price has at most 2 decimals' });
const toggle = z.strictObject({ enabled: z.boolean() });

export const MysteryPrize = z.strictObject({
  tokens: z.number().int().min(1).max(1_000_000),
  /** Relative weight: the chance is weight / sum of weights. */
  weight: z.number().int().min(1).max(1_000_000),
});
export type MysteryPrize = z.infer<typeof MysteryPrize>;

export const ConversionSettings = z
  .strictObject({
    leave_offer: z.strictObject({
      enabled: z.boolean(),
      /** Percent off one checkout. */
      percent: z.number().int().min(1).max(90),
      /** The discount waits this long for its checkout. */
      hours: z
        .number()
        .int()
        .min(1)
        .max(24 * 30),
    }),
    mystery_box: z
      .strictObject({
        enabled: z.boolean(),
        currency: z.string().regex(/^[A-Z]{3}$/, { error: 'A 3-letter currency code (USD)' }),
        price_t_1: price,
        price_t_2: price,
        price_t_3: price,
        price_admin: price,
        prizes: z.array(MysteryPrize).min(1).max(10),
      })
      .superRefine((b, ctx) => {
        const seen = new Set<number>();
        b.prizes.forEach((p, i) => {
          if (seen.has(p.tokens))
            ctx.addIssue({ code: 'custom', path: ['prizes', i, 'tokens'], message: 'Each prize once' });
          seen.add(p.tokens);
        });
      }),
    trial_dialog: z.strictObject({
      enabled: z.boolean(),
      /** Shown to a user who never subscribed once this many hours have passed since sign-up. */
      after_hours: z
        .number()
        .int()
        .min(0)
        .max(24 * 365),
    }),
    upsell: z.strictObject({ enabled: z.boolean(), features: z.array(UpsellFeature).max(5) }),
    marketing: toggle,
    vpn_warning: toggle,
    fortune: toggle,
  })
  .meta({ id: 'ConversionSettings' });
export type ConversionSettings = z.infer<typeof ConversionSettings>;

export const ConversionSettingsResponse = z
  .object({ settings: ConversionSettings })
  .meta({ id: 'ConversionSettingsResponse' });

/** A prize with its published chance (percent, 2 decimals). */
export const MysteryOdds = z.object({ tokens: z.number().int(), chance: z.number() });
export type MysteryOdds = z.infer<typeof MysteryOdds>;

export const LeaveDiscount = z.object({ percent: z.number().int(), expiresAt: z.string() });
export type LeaveDiscount = z.infer<typeof LeaveDiscount>;

/** What the caller may see now; an offer absent from `offers` must not be shown. */
export const AvailableOffersResponse = z
  .object({
    offers: z.object({
      leave_offer: z.object({ percent: z.number().int(), hours: z.number().int() }).optional(),
      mystery_box: z
        .object({ price: z.number(), currency: z.string(), odds: z.array(MysteryOdds) })
        .optional(),
      trial_dialog: z.object({ planId: z.string() }).optional(),
      upsell: z.object({ features: z.array(UpsellFeature) }).optional(),
      marketing: z.object({ features: z.array(MarketingFeature) }).optional(),
      vpn_warning: z.object({ geoCountry: z.string(), declaredCountry: z.string() }).optional(),
      fortune: z.object({ comingSoon: z.literal(true) }).optional(),
    }),
    /** A leave-offer discount granted and waiting for a checkout. */
    leaveDiscount: LeaveDiscount.nullable(),
  })
  .meta({ id: 'AvailableOffersResponse' });
export type AvailableOffersResponse = z.infer<typeof AvailableOffersResponse>;

export const OfferParams = z.object({ offer: ConversionOfferId });
export const OfferSeenBody = z
  .object({ event: z.enum(['shown', 'dismissed']) })
  .meta({ id: 'OfferSeenBody' });
export const OfferSeenResponse = z
  .object({ ok: z.literal(true), leaveDiscount: LeaveDiscount.nullable() })
  .meta({ id: 'OfferSeenResponse' });

export const MysteryBoxBuyBody = z
  .object({ provider: PaymentProviderName.optional() })
  .meta({ id: 'MysteryBoxBuyBody' });
export const MysteryBoxResultResponse = z
  .object({
    status: z.string(),
    /** The tokens drawn at fulfilment; null until the payment succeeded. */
    reward: z.number().int().nullable(),
  })
  .meta({ id: 'MysteryBoxResultResponse' });
export type MysteryBoxResultResponse = z.infer<typeof MysteryBoxResultResponse>;

/** Published odds: each prize's chance in percent (2 decimals). */
export function mysteryOdds(prizes: MysteryPrize[]): MysteryOdds[] {
  const total = prizes.reduce((s, p) => s + p.weight, 0);
  return prizes.map((p) => ({ tokens: p.tokens, chance: Math.round((p.weight / total) * 10_000) / 100 }));
}

/**
 * Draws a prize: `randomInt(n)` is a uniform whole number in [0, n) (crypto.randomInt in
 * production, a seeded generator in tests).
 */
export function drawPrize(prizes: MysteryPrize[], randomInt: (max: number) => number): MysteryPrize {
  const total = prizes.reduce((s, p) => s + p.weight, 0);
  let r = randomInt(total);
  for (const p of prizes) {
    if (r < p.weight) return p;
    r -= p.weight;
  }
  return prizes[prizes.length - 1]!;
}
