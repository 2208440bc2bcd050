import { z } from 'zod';
import type { Role } from './enums.ts';
import type { SubscriptionPlan, TokenPack } from './settings.ts';

/** SPEC §3 payment statuses, plus `refunded` after a refund. */
export const paymentStatuses = [
  'success',
  'pending',
  'error',
  'failed',
  'declined',
  'fraud',
  'chargeback',
  'refunded',
] as const;
export const PaymentStatus = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/**
 * Providers behind the one payment interface. `sandbox` is the built-in test card processor;
 * `crypto` is BTCPay Server (decision 057).
 */
export const paymentProviders = ['sandbox', 'stripe', 'telegram', 'crypto'] as const;
export const PaymentProviderName = z.enum(paymentProviders);
export type PaymentProviderName = z.infer<typeof PaymentProviderName>;

export const PurchaseBody = z
  .object({
    packId: z.string().trim().min(1, 'Choose a token pack').max(100),
    provider: PaymentProviderName.optional(),
  })
  .meta({ id: 'PurchaseBody' });
export type PurchaseBody = z.infer<typeof PurchaseBody>;

export const CheckoutResponse = z
  .object({ paymentId: z.string(), checkoutUrl: z.string() })
  .meta({ id: 'CheckoutResponse' });
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

export const PaymentIdParams = z.object({ id: z.string().min(1).max(100) });

export const PaymentStatusResponse = z
  .object({
    status: PaymentStatus,
    type: z.enum(['purchase', 'subscription']),
    offerId: z.string(),
    tokens: z.number().int(),
    amount: z.number().int(),
    currency: z.string(),
    message: z.string().nullable(),
  })
  .meta({ id: 'PaymentStatusResponse' });
export type PaymentStatusResponse = z.infer<typeof PaymentStatusResponse>;

export const WebhookParams = z.object({ provider: PaymentProviderName });

/** What this server can take payments with (GET /api/payment/methods). */
export const PaymentMethodsResponse = z
  .object({
    /** The providers enabled here; a request without `provider` uses `defaultProvider`. */
    providers: z.array(PaymentProviderName),
    defaultProvider: PaymentProviderName,
    /** Telegram Stars invoices can be opened (the telegram provider is enabled). */
    stars: z.boolean(),
    /** The crypto processor (BTCPay Server) is configured (none is built in). */
    crypto: z.boolean(),
  })
  .meta({ id: 'PaymentMethodsResponse' });
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponse>;

/** Statuses after which a payment page stops waiting. */
export const isFinalPaymentStatus = (s: PaymentStatus): boolean => s !== 'pending';
export const isFailedPaymentStatus = (s: PaymentStatus): boolean =>
  s === 'error' || s === 'failed' || s === 'declined' || s === 'fraud';

export type PriceContext = { role: Role; platform: string | null; tier: number };
export type ResolvedPrice = {
  /** In major units (4.99), or stars for XTR. */
  price: number;
  oldPrice: number | null;
  currency: string;
};

type Priced = Pick<
  TokenPack,
  | 'price_t_1'
  | 'price_t_2'
  | 'price_t_3'
  | 'old_price_t_1'
  | 'old_price_t_2'
  | 'old_price_t_3'
  | 'price_admin'
  | 'price_tg'
  | 'old_price_tg'
  | 'currency'
>;

/** The default geo tier (SPEC §3, §6): any tier other than 1, 2 or 3 falls back to it. */
export const DEFAULT_TIER = 2;

/**
 * SPEC §6: an admin sees price_admin; the Telegram platform sees price_tg (in stars, XTR) with
 * old_price_tg when both exist; everyone else the price of their geo tier 1, 2 or 3, any other tier
 * falling back to the default tier 2.
 */
export function resolvePrice(offer: Priced, ctx: PriceContext): ResolvedPrice {
  if (ctx.role === 'admin') return { price: offer.price_admin, oldPrice: null, currency: offer.currency };
  if (ctx.platform === 'telegram' && offer.price_tg !== null) {
    return {
      price: offer.price_tg,
      oldPrice: offer.old_price_tg !== null ? offer.old_price_tg : null,
      currency: 'XTR',
    };
  }
  const tier = ctx.tier === 1 || ctx.tier === 2 || ctx.tier === 3 ? ctx.tier : DEFAULT_TIER;
  const price = offer[`price_t_${tier}`];
  const oldPrice = offer[`old_price_t_${tier}`];
  return { price, oldPrice, currency: offer.currency };
}

/** Amount in minor units (cents; stars are already whole). */
export function toMinorUnits(price: number, currency: string): number {
  return currency === 'XTR' ? Math.round(price) : Math.round(price * 100);
}

export type OfferPeriod = { unit: 'year' | 'months' | 'days'; count: number };

/** A plan's period as SPEC §3 shows it: 1 year, N months or N days. */
export function planPeriod(plan: Pick<SubscriptionPlan, 'month' | 'days'>): OfferPeriod {
  if (plan.month === 12) return { unit: 'year', count: 1 };
  if (plan.month > 0) return { unit: 'months', count: plan.month };
  return { unit: 'days', count: plan.days };
}

export type OfferSummary = {
  kind: 'pack' | 'plan';
  id: string;
  /** Everything the buyer receives over the period. */
  totalTokens: number;
  /** Granted once at purchase, on top of the periodic grant. */
  extraTokens: number;
  period: OfferPeriod | null;
  price: ResolvedPrice;
  /** The saving against the old price, in major units, and in per cent. */
  profit: number;
  profitPercent: number;
};

function profitOf(price: ResolvedPrice, sale: number): { profit: number; profitPercent: number } {
  if (price.oldPrice !== null && price.oldPrice > price.price) {
    const profit = Math.round((price.oldPrice - price.price) * 100) / 100;
    return { profit, profitPercent: Math.round((profit / price.oldPrice) * 100) };
  }
  return { profit: 0, profitPercent: Math.max(0, Math.round(sale)) };
}

/** What a checkout shows for a pack or a plan. */
export function summarizePack(pack: TokenPack, ctx: PriceContext): OfferSummary {
  const price = resolvePrice(pack, ctx);
  return {
    kind: 'pack',
    id: pack.uuid,
    totalTokens: pack.tokens,
    extraTokens: 0,
    period: null,
    price,
    ...profitOf(price, pack.sale),
  };
}

export function summarizePlan(plan: SubscriptionPlan, ctx: PriceContext): OfferSummary {
  const price = resolvePrice(plan, ctx);
  const periods = plan.month > 0 ? plan.month : 1;
  return {
    kind: 'plan',
    id: plan.uuid,
    totalTokens: plan.tokens * periods,
    extraTokens: 0,
    period: planPeriod(plan),
    price,
    ...profitOf(price, plan.sale),
  };
}

/** Money in the buyer's currency: "$4.99", "250 ⭐". */
export function formatPrice(price: number, currency: string, locale = 'en'): string {
  if (currency === 'XTR') return `${Math.round(price)} ⭐`;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(price);
  } catch {
    return `${price.toFixed(2)} ${currency}`;
  }
}

export const GeoBody = z
  .object({
    ip: z.string().trim().max(64).optional(),
    isExpat: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  })
  .meta({ id: 'GeoBody' });
export type GeoBody = z.infer<typeof GeoBody>;

export const GeoResponse = z
  .object({ geo: z.object({ country: z.string().nullable(), tier: z.number().int() }) })
  .meta({ id: 'GeoResponse' });

/**
 * SPEC §6 tiers from a country: tier 1 and tier 3 lists, everything else the default tier 2. An
 * expat (living abroad, paid abroad) never gets a tier cheaper than the default.
 */
export function tierForCountry(
  country: string | null,
  lists: { tier_1_countries: string[]; tier_3_countries: string[] },
  isExpat = false,
): number {
  if (!country) return DEFAULT_TIER;
  const c = country.toUpperCase();
  if (lists.tier_1_countries.includes(c)) return 1;
  if (lists.tier_3_countries.includes(c)) return isExpat ? DEFAULT_TIER : 3;
  return DEFAULT_TIER;
}
