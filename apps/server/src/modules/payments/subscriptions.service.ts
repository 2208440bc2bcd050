import type { PaymentProviderName } from '@amora/shared/payments.ts';
import type { SubscriptionPlan } from '@amora/shared/settings.ts';
import {
  discounted,
  firstSubscriptionDiscount,
  type SubscriptionView,
  type SubscriptionViewStatus,
} from '@amora/shared/subscriptions.ts';
import { randomInt } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { PaymentRow, SubscriptionRow } from '../../db/schema/payments.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { newId } from '../../lib/tokens.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { PaymentsService } from './payments.service.ts';
import type { SubscriptionsRepository } from './subscriptions.repository.ts';

const DAY = 24 * 60 * 60 * 1000;
/** A claimed renewal that never reached the provider is picked up again after this. */
const CLAIM_MS = 10 * 60 * 1000;

/** What the cardholder sees on their statement, per processor. */
const DESCRIPTORS: Record<PaymentProviderName, string> = {
  sandbox: 'AMORA*SANDBOX TEST',
  stripe: 'AMORA*COMPANION',
  telegram: 'Telegram Stars',
  crypto: 'AMORA*CRYPTO',
};

export function addPeriod(from: Date, plan: Pick<SubscriptionPlan, 'month' | 'days'>): Date {
  const d = new Date(from.getTime());
  if (plan.month > 0) {
    d.setUTCMonth(d.getUTCMonth() + plan.month);
    return d;
  }
  return new Date(from.getTime() + plan.days * DAY);
}

const addMonth = (d: Date) => addPeriod(d, { month: 1, days: 30 });

function viewStatus(s: SubscriptionRow, now: Date): SubscriptionViewStatus {
  if (s.status === 'active') return 'active';
  if (s.status === 'canceled') return s.periodEnd && s.periodEnd >= now ? 'cancelled' : 'expired';
  if (s.status === 'inactive' && s.periodStart) return 'expired';
  return 'inactive';
}

export function toSubscriptionView(s: SubscriptionRow, now = new Date()): SubscriptionView {
  return {
    _id: s.id,
    planId: s.planId,
    planType: s.planType,
    state: s.status,
    status: viewStatus(s, now),
    expiryDate: s.periodEnd?.toISOString() ?? null,
    renewDate: s.status === 'active' && s.renewAt ? s.renewAt.toISOString() : null,
    renewalFailed: s.status === 'active' && s.renewalFailures > 0,
    monthlyTokens: s.monthlyTokens,
    cardLast4: s.cardLast4,
    registrationNumber: s.registrationNumber,
    billingDescriptor: s.billingDescriptor,
  };
}

/**
 * Subscriptions (SPEC §3, §4, §9): start any plan, monthly token grants, first-subscription
 * discount, renewals charged to the saved card by a DB-driven sweep that is safe across nodes,
 * failed renewals that keep access (NO_REBIL), cancel to the end date.
 */
export function createSubscriptionsService(deps: {
  db: Db;
  repo: SubscriptionsRepository;
  payments: PaymentsService;
  ledger: LedgerService;
  users: UsersService;
  settings: SettingsService;
  /** Tells the user's open apps that their subscription changed (after the change is committed). */
  realtime: Pick<Realtime, 'toUser'>;
  log: { error: (obj: object, msg: string) => void };
}) {
  const { db, repo, payments, ledger, users, settings } = deps;
  const changed = (userId: string) =>
    deps.realtime.toUser(userId, 'user_refresh', { reason: 'subscription' });

  async function plan(planId: string): Promise<SubscriptionPlan> {
    const p = (await settings.get()).subscription.find((x) => x.uuid === planId);
    if (!p) throw notFound('subscription.noSuchPlan');
    return p;
  }

  /** The plan the next renewal charges: a trial renews into the monthly plan. */
  async function renewalPlan(s: SubscriptionRow): Promise<SubscriptionPlan> {
    const current = await plan(s.planId);
    if (!current.is_trial) return current;
    return plan((await settings.get()).billing.trial_renews_to);
  }

  // --- reactions to payments (inside the payment's transaction) ---

  async function onSucceeded(tx: DbOrTx, p: PaymentRow): Promise<void> {
    if (p.type !== 'subscription' || !p.subscriptionId) return;
    const s = await repo.lock(tx, p.subscriptionId);
    if (!s) return;
    const paidPlan = await plan(p.offerId);
    const now = new Date();
    const start = s.periodEnd && s.periodEnd > now && s.status !== 'inactive' ? s.periodEnd : now;
    const end = addPeriod(start, paidPlan);
    const firstGrant = addMonth(start);
    await repo.update(tx, s.id, {
      status: 'active',
      planId: paidPlan.uuid,
      planType: paidPlan.for,
      monthlyTokens: paidPlan.tokens,
      periodStart: start,
      periodEnd: end,
      renewAt: end,
      nextGrantAt: firstGrant < end ? firstGrant : null,
      grantsDone: 0,
      savedMethod: p.savedMethod ?? s.savedMethod,
      cardLast4: p.cardLast4 ?? s.cardLast4,
      registrationNumber:
        s.registrationNumber ?? `AMR-${now.getUTCFullYear()}-${randomInt(10_000_000, 99_999_999)}`,
      billingDescriptor: DESCRIPTORS[p.provider as PaymentProviderName] ?? p.provider,
      renewalFailures: 0,
      renewalFailedAt: null,
      canceledAt: null,
    });
    await users.setSubscriptionIn(tx, s.userId, { status: 'active', endDate: end, access: 'AVAILABLE' });
  }

  /** A renewal charge failed: retry later, keep access for now, access NO_REBIL (SPEC §4). */
  async function markRenewalFailed(tx: DbOrTx, subscriptionId: string): Promise<void> {
    const s = await repo.lock(tx, subscriptionId);
    // A first payment that fails leaves the subscription waiting (initial); the user can try again.
    if (!s || s.status !== 'active') return;
    const rules = (await settings.get()).billing;
    const now = new Date();
    await repo.update(tx, s.id, {
      renewalFailures: s.renewalFailures + 1,
      renewalFailedAt: now,
      renewAt: new Date(now.getTime() + rules.renewal_retry_hours * 60 * 60 * 1000),
    });
    const keepUntil = new Date(
      Math.max(s.periodEnd?.getTime() ?? 0, now.getTime()) + rules.renewal_grace_days * DAY,
    );
    await users.setSubscriptionIn(tx, s.userId, { status: 'active', endDate: keepUntil, access: 'NO_REBIL' });
  }

  async function onFailed(tx: DbOrTx, p: PaymentRow): Promise<void> {
    if (p.type === 'subscription' && p.subscriptionId) await markRenewalFailed(tx, p.subscriptionId);
  }

  async function onReversed(tx: DbOrTx, p: PaymentRow): Promise<void> {
    if (p.type !== 'subscription' || !p.subscriptionId) return;
    const s = await repo.lock(tx, p.subscriptionId);
    if (!s) return;
    const now = new Date();
    await repo.update(tx, s.id, { status: 'inactive', periodEnd: now, renewAt: null, nextGrantAt: null });
    await users.setSubscriptionIn(tx, s.userId, { status: 'inactive', endDate: now, access: 'CANCELLED' });
  }

  payments.onPayment({
    succeeded: onSucceeded,
    failed: onFailed,
    reversed: onReversed,
    committed: (p) => {
      if (p.type === 'subscription' && p.subscriptionId) changed(p.userId);
    },
  });

  async function chargeRenewal(s: SubscriptionRow): Promise<{ paymentId: string } | null> {
    const next = await renewalPlan(s);
    if (!s.savedMethod) {
      // Nothing to charge: the same path as a declined card.
      await db.transaction((tx) => markRenewalFailed(tx, s.id));
      changed(s.userId);
      return null;
    }
    const r = await payments.chargeSaved({
      userId: s.userId,
      providerName: s.provider as PaymentProviderName,
      savedMethod: s.savedMethod,
      offer: next,
      subscriptionId: s.id,
      description: `${next.text} subscription renewal`,
    });
    return { paymentId: r.paymentId };
  }

  return {
    /** Starts a plan (or pays again for a subscription whose renewal failed): the hosted checkout. */
    async subscribe(userId: string, body: { planId: string; provider?: PaymentProviderName | undefined }) {
      const chosen = await plan(body.planId);
      const live = await repo.liveForUser(db, userId);
      let subscriptionId: string;
      if (live && live.status === 'active' && live.renewalFailures === 0)
        throw new AppError('CONFLICT', 'subscription.alreadyActive');
      const firstTime = !(await repo.hasEverPaid(db, userId));
      if (live && live.status === 'active') {
        subscriptionId = live.id; // "Update payment details": a new card pays the next period
      } else {
        const created = await repo.insert(db, {
          id: newId(),
          userId,
          planId: chosen.uuid,
          planType: chosen.for,
          provider: body.provider ?? 'sandbox',
          monthlyTokens: chosen.tokens,
        });
        subscriptionId = created.id;
      }
      const discount = firstTime
        ? firstSubscriptionDiscount(
            (await settings.get()).billing.first_subscription_discount,
            chosen.is_trial,
          )
        : 0;
      const { paymentId, checkoutUrl, payment } = await payments.startCheckout({
        userId,
        type: 'subscription',
        offer: chosen,
        description: `${chosen.text} subscription`,
        provider: body.provider,
        subscriptionId,
        ...(discount > 0 ? { priceOverride: (price: number) => discounted(price, discount) } : {}),
      });
      if (payment.provider !== (body.provider ?? payment.provider))
        throw new AppError('CONFLICT', 'subscription.providerMismatch');
      await repo.update(db, subscriptionId, { provider: payment.provider });
      return { paymentId, checkoutUrl };
    },
    async last(userId: string): Promise<SubscriptionView | null> {
      const s = await repo.lastForUser(db, userId);
      return s ? toSubscriptionView(s) : null;
    },
    /** Turns renewal off; access stays to the end date (SPEC §4). */
    async cancel(userId: string): Promise<SubscriptionView> {
      const live = await repo.liveForUser(db, userId);
      if (!live || live.status !== 'active') throw notFound('subscription.noneActive');
      const updated = await db.transaction(async (tx) => {
        const s = await repo.update(tx, live.id, {
          status: 'canceled',
          canceledAt: new Date(),
          renewAt: null,
        });
        await users.setSubscriptionIn(tx, userId, { access: 'CANCELLED' });
        return s!;
      });
      changed(userId);
      return toSubscriptionView(updated);
    },
    /**
     * `/user/delete-card`: the processor forgets the saved card and so do we. The subscription
     * keeps its access to the end date; a renewal then finds no card and asks for payment details
     * (SPEC §4), as after a declined charge.
     */
    async deleteCard(userId: string): Promise<SubscriptionView | null> {
      const held = await repo.withSavedMethod(db, userId);
      if (!held.length) throw notFound('subscription.noCardToDelete');
      for (const s of held) {
        await payments.forgetSaved(s.provider as PaymentProviderName, s.savedMethod!);
        await repo.update(db, s.id, { savedMethod: null, cardLast4: null });
      }
      changed(userId);
      const last = await repo.lastForUser(db, userId);
      return last ? toSubscriptionView(last) : null;
    },
    /**
     * The banner's retry: charges the saved card now, claimed like the sweep's charge so a retry
     * never runs beside a sweep's or an operator's (or a second tab's) charge of the same renewal.
     */
    async retryRenewal(userId: string): Promise<{ paymentId: string }> {
      const live = await repo.liveForUser(db, userId);
      if (!live || live.status !== 'active' || live.renewalFailures === 0)
        throw new AppError('CONFLICT', 'subscription.noFailedRenewal');
      const claimed = await repo.claimRenewalNow(db, live.id, new Date(), CLAIM_MS);
      if (!claimed) throw new AppError('CONFLICT', 'subscription.renewalUnderWay');
      const r = await chargeRenewal(claimed);
      if (!r) throw new AppError('CONFLICT', 'subscription.noSavedCard');
      return r;
    },
    /**
     * The operator's "charge the renewal now" (admin API): claims this user's active subscription
     * the way the sweep claims a due one, then charges it through the sweep's own `chargeRenewal`,
     * so the processor's answer takes the same webhook path (success: the next period; decline:
     * NO_REBIL). `paymentId` is null when there is no saved card (failed at once, as in the sweep).
     */
    async renewNow(userId: string, now = new Date()): Promise<{ paymentId: string | null }> {
      const live = await repo.liveForUser(db, userId);
      if (!live || live.status !== 'active') throw notFound('subscription.userHasNone');
      const claimed = await repo.claimRenewalNow(db, live.id, now, CLAIM_MS);
      if (!claimed) throw new AppError('CONFLICT', 'subscription.renewalUnderWay');
      const r = await chargeRenewal(claimed);
      return { paymentId: r?.paymentId ?? null };
    },
    /**
     * The renewal job: monthly grants, due renewals, expiries. Every step claims its rows with a
     * conditional update, so any number of nodes can sweep at the same time.
     */
    async sweep(now = new Date()): Promise<{ grants: number; renewals: number; expired: number }> {
      let grants = 0;
      let renewals = 0;
      let expired = 0;
      for (const s of await repo.claimDueGrants(db, now, 100)) {
        await ledger.apply({
          userId: s.userId,
          delta: s.monthlyTokens,
          reason: 'subscription',
          reference: s.id,
          idempotencyKey: `subscription:${s.id}:${s.periodStart?.toISOString() ?? ''}:grant:${s.grantsDone}`,
        });
        grants++;
      }
      for (const s of await repo.claimDueRenewals(db, now, new Date(now.getTime() + CLAIM_MS), 50)) {
        try {
          await chargeRenewal(s);
          renewals++;
        } catch (err) {
          deps.log.error({ err, subscriptionId: s.id }, 'renewal charge failed');
        }
      }
      const rules = (await settings.get()).billing;
      for (const s of await repo.dueToExpire(db, now, rules.renewal_grace_days * DAY)) {
        const ended = await db.transaction(async (tx) => {
          const locked = await repo.lock(tx, s.id);
          if (!locked || (locked.status !== 'active' && locked.status !== 'canceled')) return false;
          await repo.update(tx, s.id, { status: 'inactive', renewAt: null, nextGrantAt: null });
          await users.setSubscriptionIn(tx, s.userId, { status: 'expired', endDate: locked.periodEnd });
          return true;
        });
        if (ended) changed(s.userId);
        expired++;
      }
      return { grants, renewals, expired };
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
