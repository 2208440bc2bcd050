import { z } from 'zod';
import { PaymentProviderName, PaymentStatus } from './payments.ts';

/** SPEC §9: the first subscription is discounted by up to 60 %. */
export const FIRST_SUBSCRIPTION_DISCOUNT_MAX = 60;

export const SubscribeBody = z
  .object({
    planId: z.string().trim().min(1, 'Choose a plan').max(100),
    provider: PaymentProviderName.optional(),
  })
  .meta({ id: 'SubscribeBody' });
export type SubscribeBody = z.infer<typeof SubscribeBody>;

/** API states of SPEC §3. */
export const SubscriptionApiStatus = z.enum(['initial', 'active', 'canceled', 'inactive']);
/** What the user sees (SPEC §3): active, free, inactive, cancelled, expired. */
export const SubscriptionViewStatus = z.enum(['active', 'free', 'inactive', 'cancelled', 'expired']);
export type SubscriptionViewStatus = z.infer<typeof SubscriptionViewStatus>;

export const SubscriptionView = z
  .object({
    _id: z.string(),
    planId: z.string(),
    planType: z.enum(['trial', 'monthly', 'quarterly', 'year']),
    state: SubscriptionApiStatus,
    status: SubscriptionViewStatus,
    /** Access ends (the expiry date). */
    expiryDate: z.string().nullable(),
    /** The saved card is charged next (null when renewal is off). */
    renewDate: z.string().nullable(),
    /** The last renewal charge failed: access is kept, the user should update the card. */
    renewalFailed: z.boolean(),
    monthlyTokens: z.number().int(),
    cardLast4: z.string().nullable(),
    registrationNumber: z.string().nullable(),
    billingDescriptor: z.string().nullable(),
  })
  .meta({ id: 'SubscriptionView' });
export type SubscriptionView = z.infer<typeof SubscriptionView>;

export const SubscriptionLastResponse = z.object({ subscription: SubscriptionView.nullable() });
export type SubscriptionLastResponse = z.infer<typeof SubscriptionLastResponse>;

export const RenewalRetryResponse = z.object({ paymentId: z.string(), status: PaymentStatus });
export type RenewalRetryResponse = z.infer<typeof RenewalRetryResponse>;

/**
 * SPEC §6: a subscriber is active with an end date not before today (UTC). A cancelled
 * subscription stays active to its end date.
 */
export function isSubscribedNow(
  subscription: { status: string; endDate: string | null } | null | undefined,
  now = new Date(),
): boolean {
  if (!subscription || subscription.status !== 'active') return false;
  if (!subscription.endDate) return false;
  return subscription.endDate.slice(0, 10) >= now.toISOString().slice(0, 10);
}

/** The discount of a first subscription in per cent (0..60); trials are never discounted. */
export function firstSubscriptionDiscount(configured: number, isTrial: boolean): number {
  if (isTrial) return 0;
  return Math.max(0, Math.min(FIRST_SUBSCRIPTION_DISCOUNT_MAX, Math.round(configured)));
}

/** Price after a percentage discount, rounded to cents (never below 0). */
export function discounted(price: number, percent: number): number {
  return Math.max(0, Math.round(price * (100 - percent)) / 100);
}
