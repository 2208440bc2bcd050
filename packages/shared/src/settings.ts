import { z } from 'zod';
import { DEFAULT_TOKEN_COSTS as SEED_TOKEN_COSTS } from './rules.ts';

export const TokenCosts = z
  .object({
    tokens_for_model: z.number().int().min(0),
    tokens_for_message: z.number().int().min(0),
    extra_tokens_for_language: z.number().int().min(0),
    tokens_for_get_voice: z.number().int().min(0),
    tokens_for_get_photo: z.number().int().min(0),
    tokens_for_sent_photo: z.number().int().min(0),
    tokens_for_get_video: z.number().int().min(0),
  })
  .meta({ id: 'TokenCosts' });
export type TokenCosts = z.infer<typeof TokenCosts>;

const tieredPrices = {
  price_t_1: z.number(),
  price_t_2: z.number(),
  price_t_3: z.number(),
  old_price_t_1: z.number().nullable(),
  old_price_t_2: z.number().nullable(),
  old_price_t_3: z.number().nullable(),
  price_admin: z.number(),
  price_tg: z.number().nullable(),
  old_price_tg: z.number().nullable(),
};

export const TokenPack = z
  .object({
    uuid: z.string(),
    size: z.enum(['s', 'm', 'l', 'xl']),
    currency: z.string(),
    tokens: z.number().int(),
    sale: z.number(),
    ...tieredPrices,
  })
  .meta({ id: 'TokenPack' });
export type TokenPack = z.infer<typeof TokenPack>;

export const SubscriptionPlan = z
  .object({
    uuid: z.string(),
    for: z.enum(['trial', 'monthly', 'quarterly', 'year']),
    currency: z.string(),
    tokens: z.number().int(),
    month: z.number().int(),
    days: z.number().int(),
    is_trial: z.boolean(),
    sale: z.number(),
    text: z.string(),
    unicornId: z.string().nullable(),
    ...tieredPrices,
  })
  .meta({ id: 'SubscriptionPlan' });
export type SubscriptionPlan = z.infer<typeof SubscriptionPlan>;

export const Gift = z.object({
  id: z.string(),
  name: z.string(),
  command: z.string(),
  tokens: z.number().int(),
  icon: z.string(),
});
export type Gift = z.infer<typeof Gift>;

/** The relationship's clock and command costs (issue 3); editable in the settings table. */
export const CompanionSettings = z
  .object({
    /** Silence after which she writes first (once per silence). */
    write_first_after_minutes: z.number().int().min(1),
    /** Silence after which neglect starts costing points, and the interval between further losses. */
    neglect_after_hours: z.number().int().min(1),
    neglect_points: z.number().int().min(0),
    /** Silence after which she ends the relationship for good. */
    break_up_after_days: z.number().int().min(1),
    /** Rude turns (net of kind ones) after which she ends the relationship for good. */
    break_up_offenses: z.number().int().min(1),
    /** Her replies between two gift wishes (mood Gift). */
    gift_wish_every_replies: z.number().int().min(1),
    /** Tokens for the free-form commands; gifts and media have their own prices. */
    tokens_for_mode: z.number().int().min(0),
    tokens_for_spicy: z.number().int().min(0),
    tokens_for_reset: z.number().int().min(0),
    tokens_for_language: z.number().int().min(0),
    /** Relationship points each gift adds (by default, in step with its price). */
    gift_points: z.record(z.string(), z.number().int().min(0).max(65)),
    // ---- The pace of the relationship (issue 10 item 5, docs/decisions/052) ----
    /** Points at which levels 2, 3 and 4 start (SPEC §9: 20, 39, 58 of 65). */
    level_markers: z.array(z.number().int().min(1).max(65)).length(3),
    /** A plain turn's points before the day's diminishing returns. */
    turn_points: z.number().min(0),
    /** A warm turn's points (a compliment, love, missing her): the engine judged it warm. */
    warm_turn_points: z.number().min(0),
    /** The engine's points for a turn from which it counts as warm. */
    warm_min_delta: z.number().int().min(1),
    /** Turns of the same day after which a turn is worth half (then a third at twice as many...). */
    diminish_half_turns: z.number().int().min(1),
    /** At most this many points a day from plain turns. */
    daily_turn_cap: z.number().min(0),
    /** The first turn of a new day: he came back. */
    return_bonus_points: z.number().min(0),
    /** A photo of his: she is touched. */
    photo_points: z.number().min(0),
    /** A rude turn takes this many points away. */
    rude_points: z.number().min(0),
  })
  .meta({ id: 'CompanionSettings' });
export type CompanionSettings = z.infer<typeof CompanionSettings>;

export const DEFAULT_COMPANION_SETTINGS: CompanionSettings = {
  write_first_after_minutes: 240,
  neglect_after_hours: 24,
  neglect_points: 3,
  break_up_after_days: 30,
  break_up_offenses: 8,
  gift_wish_every_replies: 25,
  tokens_for_mode: 0,
  tokens_for_spicy: 0,
  tokens_for_reset: 0,
  tokens_for_language: 0,
  gift_points: { chocolate: 3, vitamins: 4, flowers: 6, clothes: 8, money: 10, jewelry: 14 },
  level_markers: [20, 39, 58],
  turn_points: 1,
  warm_turn_points: 2,
  warm_min_delta: 3,
  diminish_half_turns: 10,
  daily_turn_cap: 10,
  return_bonus_points: 2,
  photo_points: 2,
  rude_points: 5,
};

/** Subscription rules (SPEC §4, §9; issue 4); editable in the settings table. */
export const BillingSettings = z
  .object({
    /** Discount of a user's first (non-trial) subscription, capped at 60 %. */
    first_subscription_discount: z.number().min(0).max(60),
    /** After a failed renewal, the saved card is tried again this often. */
    renewal_retry_hours: z.number().min(1),
    /** Access kept after the end date while a renewal keeps failing. */
    renewal_grace_days: z.number().int().min(0),
    /** The plan a trial renews into (at its monthly price). */
    trial_renews_to: z.string(),
    /** Geo price tiers by ISO country code (SPEC §6); every other country is the default tier 2. */
    tier_1_countries: z.array(z.string().length(2)),
    tier_3_countries: z.array(z.string().length(2)),
    /** SPEC §9: a New user may buy this pack (1 599 tokens) within `hours` of signing up. */
    new_user_offer: z.object({ pack: TokenPack, hours: z.number().min(0) }),
  })
  .meta({ id: 'BillingSettings' });
export type BillingSettings = z.infer<typeof BillingSettings>;

export const DEFAULT_BILLING_SETTINGS: BillingSettings = {
  first_subscription_discount: 60,
  renewal_retry_hours: 24,
  renewal_grace_days: 3,
  trial_renews_to: 'plan-monthly',
  new_user_offer: {
    pack: {
      uuid: 'pack-welcome',
      size: 'l',
      currency: 'USD',
      tokens: 1599,
      sale: 50,
      price_t_1: 9.99,
      price_t_2: 7.99,
      price_t_3: 4.99,
      old_price_t_1: 19.99,
      old_price_t_2: 15.99,
      old_price_t_3: 9.99,
      price_admin: 1,
      price_tg: 500,
      old_price_tg: 1000,
    },
    hours: 24,
  },
  tier_1_countries: [
    'US',
    'CA',
    'GB',
    'AU',
    'NZ',
    'IE',
    'DE',
    'AT',
    'CH',
    'NL',
    'BE',
    'LU',
    'DK',
    'NO',
    'SE',
    'FI',
    'IS',
    'FR',
    'SG',
    'JP',
    'AE',
    'IL',
  ],
  tier_3_countries: [
    'IN',
    'PK',
    'BD',
    'NG',
    'EG',
    'ID',
    'PH',
    'VN',
    'KE',
    'ET',
    'NP',
    'LK',
    'MM',
    'KH',
    'GH',
    'TZ',
    'UG',
    'VE',
    'BO',
    'HN',
    'NI',
  ],
};

export const Settings = z
  .object({
    purchase: z.array(TokenPack),
    subscription: z.array(SubscriptionPlan),
    tokens: TokenCosts,
    gifts: z.array(Gift),
    billing: BillingSettings,
    companion: CompanionSettings,
  })
  .meta({ id: 'Settings' });
export type Settings = z.infer<typeof Settings>;
export const SettingsResponse = z.object({ data: z.object({ settings: Settings }) });

/**
 * Seed values (SPEC §9). SPEC leaves most per-action costs as placeholders; these are our defaults
 * and are editable in the settings table.
 */
export const DEFAULT_TOKEN_COSTS: TokenCosts = SEED_TOKEN_COSTS;

export const DEFAULT_GIFTS: Gift[] = [
  { id: 'chocolate', name: 'Chocolate', command: 'gift:chocolate', tokens: 15, icon: '🍫' },
  { id: 'vitamins', name: 'Vitamins', command: 'gift:vitamins', tokens: 20, icon: '💊' },
  { id: 'flowers', name: 'Flowers', command: 'gift:flowers', tokens: 30, icon: '💐' },
  { id: 'clothes', name: 'Clothes', command: 'gift:clothes', tokens: 40, icon: '👗' },
  { id: 'money', name: 'Money', command: 'gift:money', tokens: 50, icon: '💵' },
  { id: 'jewelry', name: 'Jewelry', command: 'gift:jewelry', tokens: 75, icon: '💍' },
];
