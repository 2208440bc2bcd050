import {
  summarizePack,
  summarizePlan,
  type OfferSummary,
  type PriceContext,
} from '@amora/shared/payments.ts';
import type { SubscriptionPlan, TokenPack } from '@amora/shared/settings.ts';
import { discounted, firstSubscriptionDiscount } from '@amora/shared/subscriptions.ts';
import { useAuthStore } from '../../auth/store.ts';
import { useSettings } from '../../settings/hooks/use-settings.ts';
import { usePaysWithStars } from './use-payment-methods.ts';
import { useLastSubscription } from './use-subscription.ts';

export type PackOffer = { kind: 'pack'; id: string; pack: TokenPack; summary: OfferSummary };
export type PlanOffer = {
  kind: 'plan';
  id: string;
  plan: SubscriptionPlan;
  summary: OfferSummary;
  /** First-subscription discount applied to this price, in per cent. */
  discount: number;
};
export type Offer = PackOffer | PlanOffer;

/** The buyer's price context (SPEC §6): role, geo tier, and the Telegram platform when paying in Stars. */
export function usePriceContext(): PriceContext {
  const role = useAuthStore((s) => s.user?.role ?? 'user');
  const tier = useAuthStore((s) => s.user?.geo.tier ?? 2);
  const stars = usePaysWithStars();
  return { role, tier, platform: stars ? 'telegram' : null };
}

/** Token packs and subscription plans with the buyer's prices (and first-subscription discount). */
export function useOffers() {
  const settings = useSettings();
  const last = useLastSubscription();
  const ctx = usePriceContext();
  const firstTime = last.data === null || last.data?.status === 'inactive';
  const packs: PackOffer[] = (settings.data?.purchase ?? [])
    .map((pack) => ({ kind: 'pack' as const, id: pack.uuid, pack, summary: summarizePack(pack, ctx) }))
    .sort((a, b) => a.pack.tokens - b.pack.tokens);
  const plans: PlanOffer[] = (settings.data?.subscription ?? []).map((plan) => {
    const base = summarizePlan(plan, ctx);
    const discount = firstTime
      ? firstSubscriptionDiscount(settings.data?.billing.first_subscription_discount ?? 0, plan.is_trial)
      : 0;
    if (discount === 0) return { kind: 'plan' as const, id: plan.uuid, plan, summary: base, discount };
    const price = discounted(base.price.price, discount);
    const reference = base.price.oldPrice ?? base.price.price;
    const profit = Math.round((reference - price) * 100) / 100;
    return {
      kind: 'plan' as const,
      id: plan.uuid,
      plan,
      discount,
      summary: {
        ...base,
        price: { ...base.price, price, oldPrice: reference },
        profit,
        profitPercent: reference > 0 ? Math.round((profit / reference) * 100) : 0,
      },
    };
  });
  const welcome = useNewUserOffer();
  return {
    packs,
    plans,
    /** The new-user offer while it lasts (SPEC §9), kept out of the regular pack list. */
    welcome: welcome ? { ...welcome.offer, summary: summarizePack(welcome.offer.pack, ctx) } : null,
    welcomeEndsAt: welcome?.endsAt ?? null,
    isPending: settings.isPending || last.isLoading,
    isError: settings.isError,
    refetch: () => void settings.refetch(),
  };
}

/** The new-user offer (SPEC §9) for a New user, and when it ends (sign-up + its window); the server enforces the end. */
export function useNewUserOffer(): { offer: Omit<PackOffer, 'summary'>; endsAt: number } | null {
  const settings = useSettings();
  const status = useAuthStore((s) => s.user?.status);
  const createdAt = useAuthStore((s) => s.user?.createdAt);
  const offer = settings.data?.billing.new_user_offer;
  if (!offer || !createdAt || status !== 'New') return null;
  const endsAt = new Date(createdAt).getTime() + offer.hours * 3_600_000;
  return { offer: { kind: 'pack', id: offer.pack.uuid, pack: offer.pack }, endsAt };
}

/** Kept for the pack-only screens. */
export function usePackOffers() {
  const { packs, isPending, isError, refetch } = useOffers();
  return { offers: packs, isPending, isError, refetch };
}
