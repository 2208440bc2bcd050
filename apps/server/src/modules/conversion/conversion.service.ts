import { randomInt } from 'node:crypto';
import {
  ConversionSettings,
  drawPrize,
  MARKETING_FEATURES,
  MYSTERY_BOX_OFFER_ID,
  mysteryOdds,
  type AvailableOffersResponse,
  type ConversionOfferId,
  type LeaveDiscount,
  type MysteryBoxResultResponse,
  type MysteryPrize,
} from '@amora/shared/conversion.ts';
import { resolvePrice, type PaymentProviderName } from '@amora/shared/payments.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { PaymentRow } from '../../db/schema/payments.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/tokens.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { SubscriptionsService } from '../payments/subscriptions.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { ConversionRepository } from './conversion.repository.ts';
import defaults from './seed/conversion-defaults.json' with { type: 'json' };

export const CONVERSION_DEFAULTS: ConversionSettings = ConversionSettings.parse(defaults);

/** The ledger keys of a mystery box's prize above the payment's own credit, and of its reversal. */
export const mysteryKey = (paymentId: string) => `mystery-box:${paymentId}`;
export const mysteryReversalKey = (paymentId: string) => `mystery-box:${paymentId}:reversal`;

/** Offers shown at most once per user (a row in offer_views); the rest follow their own rule. */
const ONCE: ConversionOfferId[] = ['leave_offer', 'trial_dialog', 'vpn_warning'];

/**
 * The offers that convert (issue 12 item 4, decision 080). The server alone decides who may see
 * which offer now; the leave offer's discount is a grant bound to its user that one checkout takes
 * (released when that payment fails), and the mystery box's prize is drawn once at fulfilment.
 */
export function createConversionService(deps: {
  db: Db;
  repo: ConversionRepository;
  ledger: LedgerService;
  users: UsersService;
  settings: SettingsService;
  payments: PaymentsService;
  subscriptions: Pick<SubscriptionsService, 'last'>;
  /** A uniform whole number in [0, max): crypto.randomInt unless a test injects a seeded one. */
  randomInt?: (max: number) => number;
}) {
  const { db, repo, ledger, users } = deps;
  const random = deps.randomInt ?? ((max: number) => randomInt(max));

  async function config(): Promise<ConversionSettings> {
    const stored = ConversionSettings.safeParse(await repo.readSettings(db));
    return stored.success ? stored.data : CONVERSION_DEFAULTS;
  }

  function boxPrice(c: ConversionSettings, who: { role: string; tier: number } | null) {
    const b = c.mystery_box;
    return resolvePrice(
      {
        ...b,
        old_price_t_1: null,
        old_price_t_2: null,
        old_price_t_3: null,
        price_tg: null,
        old_price_tg: null,
      },
      { role: who?.role === 'admin' ? 'admin' : 'user', platform: null, tier: who?.tier ?? 2 },
    );
  }

  function discountView(
    row: { percent: number; expiresAt: Date; consumedPaymentId: string | null },
    now: Date,
  ) {
    if (row.consumedPaymentId || row.expiresAt.getTime() <= now.getTime()) return null;
    return { percent: row.percent, expiresAt: row.expiresAt.toISOString() };
  }

  async function available(userId: string | null, now = new Date()): Promise<AvailableOffersResponse> {
    const c = await config();
    const offers: AvailableOffersResponse['offers'] = {};
    if (c.fortune.enabled) offers.fortune = { comingSoon: true };
    const prizes = mysteryOdds(c.mystery_box.prizes);
    if (!userId) {
      if (c.marketing.enabled) offers.marketing = { features: [...MARKETING_FEATURES] };
      if (c.mystery_box.enabled) {
        const p = boxPrice(c, null);
        offers.mystery_box = { price: p.price, currency: p.currency, odds: prizes };
      }
      return { offers, leaveDiscount: null };
    }
    const user = await users.getById(userId);
    // Never to a banned user: nothing at all.
    if (user.banned) return { offers: {}, leaveDiscount: null };
    const [seen, last, pending] = await Promise.all([
      repo.views(db, userId),
      deps.subscriptions.last(userId),
      repo.pendingDiscount(db, userId, now),
    ]);
    const subscribed = last?.state === 'active';
    if (c.leave_offer.enabled && !seen.has('leave_offer'))
      offers.leave_offer = { percent: c.leave_offer.percent, hours: c.leave_offer.hours };
    if (c.mystery_box.enabled) {
      const p = boxPrice(c, { role: user.role, tier: user.geoTier });
      offers.mystery_box = { price: p.price, currency: p.currency, odds: prizes };
    }
    const trial = (await deps.settings.get()).subscription.find((p) => p.is_trial);
    const neverSubscribed = !last || last.state === 'initial';
    const trialDue = user.createdAt.getTime() + c.trial_dialog.after_hours * 3_600_000 <= now.getTime();
    if (c.trial_dialog.enabled && trialDue && trial && neverSubscribed && !seen.has('trial_dialog'))
      offers.trial_dialog = { planId: trial.uuid };
    if (c.upsell.enabled && !subscribed && c.upsell.features.length)
      offers.upsell = { features: c.upsell.features };
    if (
      c.vpn_warning.enabled &&
      !seen.has('vpn_warning') &&
      user.geoCountry &&
      user.country &&
      user.geoCountry !== user.country &&
      user.isExpat !== true
    )
      offers.vpn_warning = { geoCountry: user.geoCountry, declaredCountry: user.country };
    return { offers, leaveDiscount: pending ? discountView(pending, now) : null };
  }

  /** One draw with this service's random source (crypto unless a test injected a seeded one). */
  function drawFrom(prizes: MysteryPrize[]): number {
    return drawPrize(prizes, random).tokens;
  }

  /** Credits the prize above the payment's own credit, inside the fulfilment transaction. */
  async function fulfilBox(tx: DbOrTx, p: PaymentRow): Promise<void> {
    const c = await config();
    const drawn = drawFrom(c.mystery_box.prizes);
    const reward = await repo.recordDraw(tx, {
      paymentId: p.id,
      userId: p.userId,
      tokens: Math.max(drawn, p.tokens),
    });
    const extra = reward - p.tokens;
    if (extra > 0)
      await ledger.applyIn(tx, {
        userId: p.userId,
        delta: extra,
        reason: 'reward',
        reference: p.id,
        idempotencyKey: mysteryKey(p.id),
      });
  }

  async function reverseBox(tx: DbOrTx, p: PaymentRow): Promise<void> {
    const reward = await repo.findDraw(tx, p.id);
    if (reward === null || reward <= p.tokens) return;
    await ledger.clawbackIn(tx, {
      userId: p.userId,
      amount: reward - p.tokens,
      reason: p.status === 'chargeback' ? 'chargeback' : 'refund',
      reference: p.id,
      idempotencyKey: mysteryReversalKey(p.id),
    });
  }

  const isBox = (p: PaymentRow) => p.type === 'purchase' && p.offerId === MYSTERY_BOX_OFFER_ID;

  return {
    config,
    drawFrom,
    async updateConfig(value: ConversionSettings): Promise<ConversionSettings> {
      await repo.writeSettings(db, ConversionSettings.parse(value));
      return config();
    },
    available,

    /**
     * Records that the web app showed (or the user dismissed) an offer. Showing the leave offer
     * grants its one-time discount. An offer the user may not see now is refused (403).
     */
    async seen(
      userId: string,
      offer: ConversionOfferId,
      event: 'shown' | 'dismissed',
      now = new Date(),
    ): Promise<{ ok: true; leaveDiscount: LeaveDiscount | null }> {
      if (event === 'dismissed') {
        await repo.markDismissed(db, userId, offer, now);
        const pending = await repo.pendingDiscount(db, userId, now);
        return { ok: true, leaveDiscount: pending ? discountView(pending, now) : null };
      }
      const { offers } = await available(userId, now);
      if (!offers[offer]) throw forbidden('offers.notAvailable');
      if (ONCE.includes(offer) && !(await repo.markShown(db, userId, offer)))
        throw forbidden('offers.notAvailable');
      if (offer !== 'leave_offer') return { ok: true, leaveDiscount: null };
      const c = await config();
      const { row } = await repo.grantDiscount(db, {
        id: newId(),
        userId,
        offer,
        percent: c.leave_offer.percent,
        expiresAt: new Date(now.getTime() + c.leave_offer.hours * 3_600_000),
      });
      return { ok: true, leaveDiscount: discountView(row, now) };
    },

    /** For the payments service: takes the user's leave-offer discount for this checkout (0 when none). */
    async reserveDiscountIn(tx: DbOrTx, userId: string, paymentId: string): Promise<number> {
      const now = new Date();
      for (let attempt = 0; attempt < 3; attempt++) {
        const row = await repo.pendingDiscount(tx, userId, now);
        if (!row) return 0;
        if (await repo.reserveDiscount(tx, row.id, paymentId, now)) return row.percent;
      }
      return 0;
    },
    releaseDiscountIn(tx: DbOrTx, paymentId: string): Promise<void> {
      return repo.releaseDiscount(tx, paymentId);
    },

    /** Starts the checkout of a mystery box; the lowest prize is the payment's own credit. */
    async buyBox(
      userId: string,
      provider?: PaymentProviderName,
    ): Promise<{ paymentId: string; checkoutUrl: string }> {
      const c = await config();
      if (!c.mystery_box.enabled) throw forbidden('offers.notAvailable');
      const base = Math.min(...c.mystery_box.prizes.map((p) => p.tokens));
      const { paymentId, checkoutUrl } = await deps.payments.startCheckout({
        userId,
        type: 'purchase',
        offer: {
          ...c.mystery_box,
          uuid: MYSTERY_BOX_OFFER_ID,
          tokens: base,
          old_price_t_1: null,
          old_price_t_2: null,
          old_price_t_3: null,
          price_tg: null,
          old_price_tg: null,
        },
        description: 'Mystery box',
        provider,
      });
      return { paymentId, checkoutUrl };
    },
    async boxResult(userId: string, paymentId: string): Promise<MysteryBoxResultResponse> {
      const p = await deps.payments.find(paymentId);
      if (!p || p.userId !== userId || !isBox(p)) throw notFound('payment.notFound');
      return { status: p.status, reward: await repo.findDraw(db, p.id) };
    },

    /** Wires the discount and the box into the payments' lifecycle. */
    attach(payments: PaymentsService): void {
      payments.addDiscountSource(this);
      payments.onPayment({
        succeeded: async (tx, p) => {
          if (isBox(p)) await fulfilBox(tx, p);
        },
        failed: (tx, p) => repo.releaseDiscount(tx, p.id),
        reversed: async (tx, p) => {
          if (isBox(p)) await reverseBox(tx, p);
        },
        committed: (p) => {
          // The payment's own notice carried the balance before the prize.
          if (!isBox(p)) return;
          void users
            .findById(p.userId)
            .then((u) => u && ledger.notifyBalance(u.id, u.tokens))
            .catch(() => undefined);
        },
      });
    },
  };
}
export type ConversionService = ReturnType<typeof createConversionService>;
