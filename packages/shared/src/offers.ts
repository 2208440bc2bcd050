import { z } from 'zod';
import { giftIds, type GiftId } from './companion.ts';
import { userText } from './text-schema.ts';
import { Settings, SubscriptionPlan, TokenCosts, TokenPack } from './settings.ts';

/**
 * What an operator may write into the settings table (issue 4, docs/decisions/028): the same
 * shapes as `Settings`, strict (unknown fields refused) and with the business bounds the
 * read-side schemas leave open. The server adds what needs the database (a plan still in use).
 */

const price = z.number().min(0).max(1_000_000).multipleOf(0.01, { error: 'A price has at most 2 decimals' });
const oldPrice = price.nullable();
/** Telegram Stars are whole. */
const stars = z.number().int({ error: 'Stars are whole numbers' }).min(1).max(1_000_000);
const offerId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Letters, digits, "-" and "_" only' });

const pricedFields = {
  uuid: offerId,
  currency: z.string().regex(/^[A-Z]{3}$/, { error: 'A 3-letter currency code (USD)' }),
  tokens: z.number().int().min(1).max(10_000_000),
  sale: z.number().int().min(0).max(99),
  price_t_1: price,
  price_t_2: price,
  price_t_3: price,
  old_price_t_1: oldPrice,
  old_price_t_2: oldPrice,
  old_price_t_3: oldPrice,
  price_admin: price,
  price_tg: stars.nullable(),
  old_price_tg: stars.nullable(),
};

export const EditableTokenPack = z.strictObject({
  ...pricedFields,
  size: TokenPack.shape.size,
});
export type EditableTokenPack = z.infer<typeof EditableTokenPack>;

/** The period a plan of each kind must have (SPEC §3: N days, N months or 1 year). */
export const PLAN_MONTHS = { trial: 0, monthly: 1, quarterly: 3, year: 12 } as const;

export const EditableSubscriptionPlan = z
  .strictObject({
    ...pricedFields,
    for: SubscriptionPlan.shape.for,
    month: z.number().int().min(0).max(12),
    days: z.number().int().min(1).max(366),
    is_trial: z.boolean(),
    text: userText().min(1).max(40),
    unicornId: z.string().trim().min(1).max(100).nullable(),
  })
  .superRefine((plan, ctx) => {
    if (plan.is_trial !== (plan.for === 'trial'))
      ctx.addIssue({
        code: 'custom',
        path: ['is_trial'],
        message: 'is_trial is true exactly for a trial plan',
      });
    if (plan.month !== PLAN_MONTHS[plan.for])
      ctx.addIssue({
        code: 'custom',
        path: ['month'],
        message: `A ${plan.for} plan lasts ${PLAN_MONTHS[plan.for]} month(s)`,
      });
  });
export type EditableSubscriptionPlan = z.infer<typeof EditableSubscriptionPlan>;

/** A non-empty list of offers whose uuids differ. */
function offerList<T extends z.ZodType<{ uuid: string }>>(item: T) {
  return z
    .array(item)
    .min(1)
    .max(20)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((o, i) => {
        if (seen.has(o.uuid))
          ctx.addIssue({ code: 'custom', path: [i, 'uuid'], message: `The uuid "${o.uuid}" is used twice` });
        seen.add(o.uuid);
      });
    });
}

export const EditablePurchase = offerList(EditableTokenPack).meta({ id: 'EditablePurchase' });
export const EditableSubscription = offerList(EditableSubscriptionPlan)
  .superRefine((plans, ctx) => {
    if (!plans.some((p) => !p.is_trial))
      ctx.addIssue({ code: 'custom', path: [], message: 'Keep at least one plan that is not a trial' });
  })
  .meta({ id: 'EditableSubscription' });

export const EditableTokenCosts = z
  .strictObject(
    Object.fromEntries(
      Object.keys(TokenCosts.shape).map((k) => [k, z.number().int().min(0).max(100_000)]),
    ) as { [K in keyof TokenCosts]: z.ZodNumber },
  )
  .meta({ id: 'EditableTokenCosts' });

const country = z.string().regex(/^[A-Z]{2}$/, { error: 'An ISO country code (US)' });

export const EditableBilling = z
  .strictObject({
    first_subscription_discount: z.number().int().min(0).max(60),
    renewal_retry_hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 30),
    renewal_grace_days: z.number().int().min(0).max(60),
    trial_renews_to: offerId,
    tier_1_countries: z.array(country).max(250),
    tier_3_countries: z.array(country).max(250),
    new_user_offer: z.strictObject({
      pack: EditableTokenPack,
      hours: z
        .number()
        .min(0)
        .max(24 * 30),
    }),
  })
  .superRefine((b, ctx) => {
    const tier1 = new Set(b.tier_1_countries);
    b.tier_3_countries.forEach((c, i) => {
      if (tier1.has(c))
        ctx.addIssue({
          code: 'custom',
          path: ['tier_3_countries', i],
          message: `${c} is in tier 1 and tier 3`,
        });
    });
  })
  .meta({ id: 'EditableBilling' });

const whole = (max: number) => z.number().int().min(0).max(max);
const part = (max: number) => z.number().min(0).max(max).multipleOf(0.01, { error: 'At most 2 decimals' });

/**
 * The relationship's clock, pace and command costs (issue 10 item 5, docs/decisions/052). Level
 * markers climb strictly inside 1..65; every gift has its points.
 */
export const EditableCompanion = z
  .strictObject({
    write_first_after_minutes: z
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 30),
    neglect_after_hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 30),
    neglect_points: whole(65),
    break_up_after_days: z.number().int().min(1).max(365),
    break_up_offenses: z.number().int().min(3).max(100),
    gift_wish_every_replies: z.number().int().min(1).max(1000),
    tokens_for_mode: whole(100_000),
    tokens_for_spicy: whole(100_000),
    tokens_for_reset: whole(100_000),
    tokens_for_language: whole(100_000),
    gift_points: z.strictObject(
      Object.fromEntries(giftIds.map((g) => [g, whole(65)])) as {
        [K in GiftId]: ReturnType<typeof whole>;
      },
    ),
    level_markers: z.tuple([whole(65).min(1), whole(65).min(1), whole(65).min(1)]),
    turn_points: part(65),
    warm_turn_points: part(65),
    warm_min_delta: z.number().int().min(1).max(10),
    diminish_half_turns: z.number().int().min(1).max(1000),
    daily_turn_cap: part(65),
    return_bonus_points: part(65),
    photo_points: part(65),
    rude_points: part(65),
  })
  .superRefine((c, ctx) => {
    const [a, b, d] = c.level_markers;
    if (!(a < b && b < d))
      ctx.addIssue({
        code: 'custom',
        path: ['level_markers'],
        message: 'The level markers must climb: level 2 < level 3 < level 4',
      });
  })
  .meta({ id: 'EditableCompanion' });
export type EditableCompanion = z.infer<typeof EditableCompanion>;

/**
 * The gifts' prices and labels (issue 11 item 5): every gift of the catalogue once, in the order the
 * chat shows them. The ids and commands are fixed (the engine and the gift points use them).
 */
export const EditableGifts = z
  .array(
    z.strictObject({
      id: z.enum(giftIds),
      name: userText().min(1).max(40),
      command: z.string().regex(/^gift:[a-z]+$/),
      tokens: z.number().int().min(0).max(100_000),
      icon: z.string().min(1).max(16),
    }),
  )
  .length(giftIds.length)
  .superRefine((gifts, ctx) => {
    gifts.forEach((g, i) => {
      if (gifts.findIndex((x) => x.id === g.id) !== i)
        ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `${g.id} is listed twice` });
      if (g.command !== `gift:${g.id}`)
        ctx.addIssue({
          code: 'custom',
          path: [i, 'command'],
          message: `The command of ${g.id} is gift:${g.id}`,
        });
    });
  })
  .meta({ id: 'EditableGifts' });

/** The sections an operator edits, one at a time (`PUT /api/admin/settings/:section`). */
export const SETTINGS_SECTIONS = [
  'purchase',
  'subscription',
  'tokens',
  'billing',
  'companion',
  'gifts',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const editableSections = {
  purchase: EditablePurchase,
  subscription: EditableSubscription,
  tokens: EditableTokenCosts,
  billing: EditableBilling,
  companion: EditableCompanion,
  gifts: EditableGifts,
} as const satisfies Record<SettingsSection, z.ZodType>;

export const AdminSettingsResponse = z
  .object({ data: z.object({ settings: Settings, sections: z.array(z.enum(SETTINGS_SECTIONS)) }) })
  .meta({ id: 'AdminSettingsResponse' });
export type AdminSettingsResponse = z.infer<typeof AdminSettingsResponse>;
