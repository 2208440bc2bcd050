import { z } from 'zod';
import { discounted } from './subscriptions.ts';

export const promoKinds = ['bonus_tokens', 'discount_percent'] as const;
export const PromoKind = z.enum(promoKinds);
export type PromoKind = z.infer<typeof PromoKind>;

/** The largest discount a promo code may give (a checkout never becomes free). */
export const PROMO_MAX_DISCOUNT_PERCENT = 90;
export const PROMO_MAX_BONUS_TOKENS = 1_000_000;

const code = z
  .string()
  .trim()
  .min(3, 'Enter a promo code')
  .max(32, 'Promo codes are at most 32 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Promo codes are letters, digits, - and _')
  .transform((c) => c.toUpperCase());

export const PromoCodeBody = z.object({ code }).strict();
export type PromoCodeBody = z.infer<typeof PromoCodeBody>;

/** What a code gives (POST /api/promocode/check). */
export const PromoCheckResponse = z.object({
  code: z.string(),
  kind: PromoKind,
  /** Tokens for bonus_tokens, percent off the next checkout for discount_percent. */
  amount: z.number().int(),
  expiresAt: z.string().nullable(),
});
export type PromoCheckResponse = z.infer<typeof PromoCheckResponse>;

export const PromoApplyResponse = z.object({
  code: z.string(),
  kind: PromoKind,
  amount: z.number().int(),
  /** The balance after a bonus. */
  tokens: z.number().int(),
});
export type PromoApplyResponse = z.infer<typeof PromoApplyResponse>;

/** A discount waiting for the next checkout (GET /api/promocode/discount). */
export const PendingDiscountResponse = z.object({
  discount: z.object({ code: z.string(), percent: z.number().int() }).nullable(),
});
export type PendingDiscountResponse = z.infer<typeof PendingDiscountResponse>;

export const CreatePromoCodeBody = z
  .object({
    code,
    kind: PromoKind,
    amount: z.number().int().min(1).max(PROMO_MAX_BONUS_TOKENS),
    expiresAt: z.iso.datetime({ offset: true }).optional(),
    maxUses: z.number().int().min(1).optional(),
    active: z.boolean().optional(),
  })
  .strict()
  .refine((v) => v.kind !== 'discount_percent' || v.amount <= PROMO_MAX_DISCOUNT_PERCENT, {
    message: `A discount is at most ${PROMO_MAX_DISCOUNT_PERCENT} %`,
    path: ['amount'],
  });
export type CreatePromoCodeBody = z.infer<typeof CreatePromoCodeBody>;

/** A promo code as the operator sees it (the admin list adds `createdAt`). */
export const PromoCodeView = z.object({
  _id: z.string(),
  code: z.string(),
  kind: PromoKind,
  amount: z.number().int(),
  expiresAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  active: z.boolean(),
});
export type PromoCodeView = z.infer<typeof PromoCodeView>;
export const PromoCodeResponse = z.object({ promoCode: PromoCodeView });

/**
 * A checkout's price after a pending promo-code discount (major units): to the cent, or to a whole
 * star for Telegram Stars, never free. The server charges this; the checkout summary shows it.
 */
export function priceWithPromo(price: number, percent: number, currency: string): number {
  if (percent <= 0) return price;
  if (currency === 'XTR') return Math.max(1, Math.round((price * (100 - percent)) / 100));
  return Math.max(0.01, discounted(price, percent));
}
