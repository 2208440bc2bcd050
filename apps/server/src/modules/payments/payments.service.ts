import {
  paymentProviders,
  resolvePrice,
  toMinorUnits,
  type PaymentMethodsResponse,
  type PaymentProviderName,
  type PaymentStatus,
  type PaymentStatusResponse,
} from '@amora/shared/payments.ts';
import { priceWithPromo } from '@amora/shared/promo.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { PaymentRow } from '../../db/schema/payments.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/tokens.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { PaymentEvent, PaymentProvider, ProviderState, WebhookResult } from './payment-provider.ts';
import type { PaymentsRepository } from './payments.repository.ts';

/** Outcomes of one payment, in order of precedence: money received beats a failure; a reversal beats both. */
const FAILED: PaymentStatus[] = ['error', 'failed', 'declined', 'fraud'];

export type PaymentListener = {
  /** Inside the transaction that credited the payment (subscriptions extend their period here). */
  succeeded?: (tx: DbOrTx, payment: PaymentRow) => Promise<void>;
  failed?: (tx: DbOrTx, payment: PaymentRow) => Promise<void>;
  reversed?: (tx: DbOrTx, payment: PaymentRow) => Promise<void>;
  /** After the transaction that moved the payment on (any of the above) has committed. */
  committed?: (payment: PaymentRow) => void;
};

export const creditKey = (paymentId: string) => `payment:${paymentId}:credit`;
export const reversalKey = (paymentId: string) => `payment:${paymentId}:reversal`;
/** The failure message of a payment that settled for a deleted account (refunded, never credited). */
export const ACCOUNT_DELETED_MESSAGE = 'The account was deleted; the payment is refunded.';
/** Payments one reconciliation pass asks about at most. */
const RECONCILE_BATCH = 50;
/** A refund owed at the provider that failed is tried again after this long. */
const REFUND_RETRY_MS = 60_000;

const kindOfState: Record<ProviderState['state'], PaymentEvent['kind'] | null> = {
  open: null,
  processing: null,
  unknown: null,
  succeeded: 'succeeded',
  declined: 'declined',
  failed: 'failed',
  canceled: 'canceled',
  refunded: 'refunded',
};

/**
 * Payments: checkouts with any provider, and webhooks turned into ledger credits exactly once,
 * whatever the order or number of deliveries (DESIGN §3, §4).
 */
export function createPaymentsService(deps: {
  db: Db;
  repo: PaymentsRepository;
  ledger: LedgerService;
  users: UsersService;
  settings: SettingsService;
  providers: Partial<Record<PaymentProviderName, PaymentProvider>>;
  defaultProvider: PaymentProviderName;
  /** Promo-code discounts: the buyer's pending one is taken by the checkout, in its transaction. */
  discounts?: { reserveDiscountIn: (tx: DbOrTx, userId: string, paymentId: string) => Promise<number> };
  /** Reconciliation (decision 034): pending this long → ask the provider; unpaid this long → expire. */
  reconcileAfterMs?: number;
  expireAfterMs?: number;
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}) {
  const { db, repo, ledger, users } = deps;
  const listeners: PaymentListener[] = [];
  /** One discount per checkout: the first source that has one (offer grants, then promo codes). */
  type DiscountSource = NonNullable<typeof deps.discounts>;
  const discountSources: DiscountSource[] = deps.discounts ? [deps.discounts] : [];

  function provider(name: PaymentProviderName | undefined): PaymentProvider {
    const p = deps.providers[name ?? deps.defaultProvider];
    if (!p) throw new AppError('VALIDATION_ERROR', 'payment.providerDisabled', { provider: String(name) });
    return p;
  }

  async function payer(userId: string) {
    const user = await users.getById(userId);
    if (user.banned) throw new AppError('BANNED', 'account.bannedPayments');
    return user;
  }

  /** Creates a pending payment and the provider's hosted checkout for it. */
  async function startCheckout(input: {
    userId: string;
    type: 'purchase' | 'subscription';
    offer: Parameters<typeof resolvePrice>[0] & { uuid: string; tokens: number };
    description: string;
    provider?: PaymentProviderName | undefined;
    subscriptionId?: string;
    /** Overrides the listed price (first-subscription discount), in major units. */
    priceOverride?: (price: number) => number;
  }): Promise<{ paymentId: string; checkoutUrl: string; payment: PaymentRow }> {
    const user = await payer(input.userId);
    const impl = provider(input.provider);
    const resolved = resolvePrice(input.offer, {
      role: user.role,
      platform: impl.name === 'telegram' ? 'telegram' : null,
      tier: user.geoTier,
    });
    if (impl.name === 'telegram' && resolved.currency !== 'XTR')
      throw new AppError('VALIDATION_ERROR', 'payment.noStarsPrice');
    if (impl.name !== 'telegram' && resolved.currency === 'XTR')
      throw new AppError('VALIDATION_ERROR', 'payment.starsThroughTelegram');
    const listed = input.priceOverride ? input.priceOverride(resolved.price) : resolved.price;
    const id = newId();
    let payment = await db.transaction(async (tx) => {
      let percent = 0;
      for (const source of discountSources) {
        percent = await source.reserveDiscountIn(tx, user.id, id);
        if (percent > 0) break;
      }
      const price = percent > 0 ? priceWithPromo(listed, percent, resolved.currency) : listed;
      return repo.insert(tx, {
        id,
        userId: user.id,
        provider: impl.name,
        type: input.type,
        offerId: input.offer.uuid,
        amount: toMinorUnits(price, resolved.currency),
        currency: resolved.currency,
        tokens: input.offer.tokens,
        subscriptionId: input.subscriptionId ?? null,
      });
    });
    const session = await impl.createCheckout({
      paymentId: id,
      userId: user.id,
      amount: payment.amount,
      currency: payment.currency,
      description: input.description,
      returnUrl: `/paywall/processing?paymentId=${encodeURIComponent(id)}`,
      saveMethod: input.type === 'subscription',
    });
    payment = (await repo.update(db, id, { providerRef: session.providerRef })) ?? payment;
    return { paymentId: id, checkoutUrl: session.checkoutUrl, payment };
  }

  /** A renewal: a pending payment charged to a saved payment method, without the buyer. */
  async function chargeSaved(input: {
    userId: string;
    providerName: PaymentProviderName;
    savedMethod: string;
    offer: Parameters<typeof resolvePrice>[0] & { uuid: string; tokens: number };
    subscriptionId: string;
    description: string;
  }): Promise<{ paymentId: string; status: PaymentStatus }> {
    const user = await users.getById(input.userId);
    const impl = provider(input.providerName);
    if (!impl.chargeSaved) throw new AppError('CONFLICT', 'payment.methodNotReusable');
    const resolved = resolvePrice(input.offer, {
      role: user.role,
      platform: impl.name === 'telegram' ? 'telegram' : null,
      tier: user.geoTier,
    });
    const id = newId();
    const payment = await repo.insert(db, {
      id,
      userId: user.id,
      provider: impl.name,
      type: 'subscription',
      offerId: input.offer.uuid,
      amount: toMinorUnits(resolved.price, resolved.currency),
      currency: resolved.currency,
      tokens: input.offer.tokens,
      subscriptionId: input.subscriptionId,
      savedMethod: input.savedMethod,
    });
    const r = await impl.chargeSaved({
      savedMethod: input.savedMethod,
      paymentId: id,
      amount: payment.amount,
      currency: payment.currency,
      description: input.description,
    });
    await repo.update(db, id, { providerRef: r.providerRef });
    return { paymentId: id, status: 'pending' };
  }

  /** Credits a payment once (the ledger key makes a second credit a no-op). */
  async function credit(tx: DbOrTx, p: PaymentRow): Promise<number> {
    const r = await ledger.applyIn(tx, {
      userId: p.userId,
      delta: p.tokens,
      reason: p.type === 'subscription' ? 'subscription' : 'purchase',
      reference: p.id,
      idempotencyKey: creditKey(p.id),
    });
    return r.balance;
  }

  /** Applies one verified event in one transaction: recorded, then the payment moved on. */
  async function applyEvent(
    providerName: PaymentProviderName,
    e: PaymentEvent,
  ): Promise<{ balance?: number; userId?: string; moved?: PaymentRow; refundDue?: PaymentRow }> {
    return db.transaction(async (tx) => {
      const fresh = await repo.recordEvent(tx, {
        provider: providerName,
        eventId: e.eventId,
        paymentId: e.paymentId,
        type: e.kind,
      });
      if (!fresh || !e.paymentId) return {};
      const p = await repo.lock(tx, e.paymentId);
      if (!p || p.provider !== providerName) return {};
      const card = {
        ...(e.savedMethod ? { savedMethod: e.savedMethod } : {}),
        ...(e.cardLast4 ? { cardLast4: e.cardLast4 } : {}),
      };
      switch (e.kind) {
        case 'processing':
          if (Object.keys(card).length) await repo.update(tx, p.id, card);
          return {};
        case 'succeeded': {
          if (p.status !== 'pending' && !FAILED.includes(p.status)) return {};
          // The charge's own reference (a Stripe PaymentIntent, a Telegram charge) is what a refund needs.
          const ref = e.providerRef && e.providerRef !== p.providerRef ? { providerRef: e.providerRef } : {};
          // Decision 035: money for an account deleted meanwhile goes back through the provider and
          // is never credited (the user row is held so a deletion cannot commit in between).
          if (!(await users.lockActiveIn(tx, p.userId))) {
            const refundDue =
              (await repo.update(tx, p.id, {
                status: 'refunded',
                failureMessage: ACCOUNT_DELETED_MESSAGE,
                refundDueAt: new Date(),
                ...card,
                ...ref,
              })) ?? p;
            return { refundDue };
          }
          const balance = await credit(tx, p);
          const updated =
            (await repo.update(tx, p.id, { status: 'success', failureMessage: null, ...card, ...ref })) ?? p;
          await users.markPaidIn(tx, p.userId);
          for (const l of listeners) await l.succeeded?.(tx, updated);
          return { balance, userId: p.userId, moved: updated };
        }
        case 'declined':
        case 'failed':
        case 'canceled': {
          if (p.status !== 'pending') return {};
          const status: PaymentStatus = e.kind === 'declined' ? 'declined' : 'failed';
          const updated =
            (await repo.update(tx, p.id, { status, failureMessage: e.message ?? null, ...card })) ?? p;
          for (const l of listeners) await l.failed?.(tx, updated);
          return { moved: updated };
        }
        case 'refunded':
        case 'chargeback': {
          if (p.status === 'refunded' || p.status === 'chargeback') return {};
          // Never credited, and the account is gone (decision 035): nothing to take back from it.
          if (p.status !== 'success' && !(await users.lockActiveIn(tx, p.userId))) {
            const updated =
              (await repo.update(tx, p.id, {
                status: e.kind === 'refunded' ? 'refunded' : 'chargeback',
                ...card,
              })) ?? p;
            return { moved: updated };
          }
          // A reversal proves the money was taken: credit first (once), then take the tokens back.
          await credit(tx, p);
          const back = await ledger.clawbackIn(tx, {
            userId: p.userId,
            amount: p.tokens,
            reason: e.kind === 'refunded' ? 'refund' : 'chargeback',
            reference: p.id,
            idempotencyKey: reversalKey(p.id),
          });
          if (back.shortfall > 0) await repo.addShortfall(tx, p.id, back.shortfall);
          const updated =
            (await repo.update(tx, p.id, {
              status: e.kind === 'refunded' ? 'refunded' : 'chargeback',
              ...card,
            })) ?? p;
          for (const l of listeners) await l.reversed?.(tx, updated);
          return { balance: back.balance, userId: p.userId, moved: updated };
        }
      }
    });
  }

  /** Applies each event, then tells the user's apps the new balance and the listeners the committed move. */
  async function settle(providerName: PaymentProviderName, events: PaymentEvent[]): Promise<void> {
    for (const e of events) {
      const r = await applyEvent(providerName, e);
      if (r.userId !== undefined && r.balance !== undefined) ledger.notifyBalance(r.userId, r.balance);
      if (r.moved) for (const l of listeners) l.committed?.(r.moved);
      if (r.refundDue) await refundAtProvider(r.refundDue);
    }
  }

  /** Gives the money of a payment for a deleted account back at its provider; stays due on failure. */
  async function refundAtProvider(p: PaymentRow): Promise<void> {
    const impl = deps.providers[p.provider as PaymentProviderName];
    if (!impl || !p.providerRef) {
      deps.log?.error({ paymentId: p.id }, 'a payment for a deleted account cannot be refunded here');
      return;
    }
    try {
      const state = await impl.lookup({
        providerRef: p.providerRef,
        paymentId: p.id,
        createdAt: p.createdAt,
      });
      if (state.state !== 'refunded') await impl.refund(p.providerRef, p.amount);
      await repo.update(db, p.id, { refundDueAt: null });
    } catch (err) {
      deps.log?.error(
        { err, paymentId: p.id },
        'refund of a payment for a deleted account failed; will retry',
      );
    }
  }

  /**
   * Asks the provider where a payment stands and applies the answer like a webhook would (once,
   * whichever comes first). With `close`, a checkout still open is expired at the provider first,
   * and one the provider cannot close (or does not know) is marked failed.
   */
  async function askProvider(p: PaymentRow, now: Date, close: { message: string } | null): Promise<void> {
    const name = p.provider as PaymentProviderName;
    const impl = deps.providers[name];
    if (!impl) return;
    const ref = { providerRef: p.providerRef, paymentId: p.id, createdAt: p.createdAt };
    let state = await impl.lookup(ref);
    if (close && state.state === 'open' && p.providerRef) {
      await impl
        .cancel(p.providerRef)
        .catch((err: unknown) =>
          deps.log?.warn({ err, paymentId: p.id }, 'the provider did not cancel the checkout'),
        );
      state = await impl.lookup(ref);
    }
    if (close && (state.state === 'open' || state.state === 'unknown'))
      state = { state: 'canceled', message: close.message };
    const kind = kindOfState[state.state];
    if (!kind) return;
    await settle(name, [
      {
        eventId: `reconcile:${p.id}:${kind}:${now.getTime()}`,
        kind,
        paymentId: p.id,
        providerRef: state.providerRef ?? null,
        savedMethod: state.savedMethod ?? null,
        cardLast4: state.cardLast4 ?? null,
        message: state.message ?? null,
      },
    ]);
  }

  /**
   * The reconciliation job (decision 034), on every node: each payment still pending after
   * `reconcileAfterMs` is asked of its provider (claimed first, so one node asks), settled if the
   * provider has an outcome, and expired when unpaid after `expireAfterMs`. Refunds owed for deleted
   * accounts are retried too.
   */
  async function reconcile(now: Date = new Date()): Promise<void> {
    const before = new Date(now.getTime() - (deps.reconcileAfterMs ?? 600_000));
    const expireBefore = now.getTime() - (deps.expireAfterMs ?? 86_400_000);
    for (const row of await repo.stalePending(db, before, RECONCILE_BATCH)) {
      const p = await repo.claimReconcile(db, row.id, before, now);
      if (!p) continue;
      try {
        await askProvider(
          p,
          now,
          p.createdAt.getTime() < expireBefore ? { message: 'The checkout expired unpaid.' } : null,
        );
      } catch (err) {
        deps.log?.warn({ err, paymentId: p.id }, 'reconciling a pending payment failed; will retry');
      }
    }
    const retryBefore = new Date(now.getTime() - REFUND_RETRY_MS);
    for (const row of await repo.refundsDue(db, retryBefore, RECONCILE_BATCH)) {
      const p = await repo.claimRefundDue(db, row.id, retryBefore, now);
      if (p) await refundAtProvider(p);
    }
  }

  /**
   * After an account is deleted (decision 035): every checkout it still has open is cancelled at
   * its provider and marked failed. One the buyer managed to pay anyway is refunded (see applyEvent).
   */
  async function cancelOpenCheckouts(userId: string): Promise<void> {
    const now = new Date();
    for (const p of await repo.pendingForUser(db, userId)) {
      try {
        await askProvider(p, now, { message: 'The account was deleted.' });
      } catch (err) {
        deps.log?.error({ err, paymentId: p.id }, 'cancelling a checkout of a deleted account failed');
      }
    }
  }

  return {
    provider,
    /** What the web app may offer: the enabled providers (GET /api/payment/methods). */
    methods(): PaymentMethodsResponse {
      const providers = paymentProviders.filter((n) => deps.providers[n] !== undefined);
      return {
        providers,
        defaultProvider: deps.defaultProvider,
        stars: providers.includes('telegram'),
        crypto: providers.includes('crypto'),
      };
    },
    startCheckout,
    chargeSaved,
    /** Asks the processor to forget a saved method; false when that processor keeps none. */
    async forgetSaved(providerName: PaymentProviderName, savedMethod: string): Promise<boolean> {
      const impl = deps.providers[providerName];
      if (!impl?.forgetSaved) return false;
      await impl.forgetSaved(savedMethod);
      return true;
    },
    reconcile,
    cancelOpenCheckouts,
    onPayment(listener: PaymentListener): void {
      listeners.push(listener);
    },
    /** Another module's one-time checkout discounts (the leave offer), tried before promo codes. */
    addDiscountSource(source: DiscountSource): void {
      discountSources.unshift(source);
    },
    async purchase(userId: string, body: { packId: string; provider?: PaymentProviderName | undefined }) {
      const settings = await deps.settings.get();
      let pack = settings.purchase.find((p) => p.uuid === body.packId);
      const offer = settings.billing.new_user_offer;
      if (!pack && offer.pack.uuid === body.packId) {
        // SPEC §9: the new-user offer, for users with status New within its window after sign-up.
        const user = await users.getById(userId);
        const endsAt = user.createdAt.getTime() + offer.hours * 3_600_000;
        if (user.status !== 'New' || Date.now() >= endsAt) throw forbidden('payment.newUserOfferEnded');
        pack = offer.pack;
      }
      if (!pack) throw notFound('payment.noSuchPack');
      const { paymentId, checkoutUrl } = await startCheckout({
        userId,
        type: 'purchase',
        offer: pack,
        description: `${pack.tokens} tokens`,
        provider: body.provider,
      });
      return { paymentId, checkoutUrl };
    },
    async status(userId: string, paymentId: string): Promise<PaymentStatusResponse> {
      const p = await repo.findForUser(db, paymentId, userId);
      if (!p) throw notFound('payment.notFound');
      return {
        status: p.status,
        type: p.type,
        offerId: p.offerId,
        tokens: p.tokens,
        amount: p.amount,
        currency: p.currency,
        message: p.failureMessage,
      };
    },
    async find(paymentId: string): Promise<PaymentRow | null> {
      return repo.findById(db, paymentId);
    },
    /** Verifies and applies a webhook delivery. Returns what the provider expects in the response. */
    async handleWebhook(
      providerName: PaymentProviderName,
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<unknown> {
      const impl = deps.providers[providerName];
      if (!impl) throw notFound('payment.providerDisabled', { provider: providerName });
      const result: WebhookResult = await impl.parseWebhook(rawBody, headers);
      await settle(providerName, result.events);
      return result.reply ?? { received: true };
    },
    /**
     * Asks the provider to refund a successful payment; the tokens go back when its webhook arrives
     * (or at once when the provider settles the refund in its answer).
     */
    async refund(paymentId: string): Promise<void> {
      const p = await repo.findById(db, paymentId);
      if (!p) throw notFound('payment.notFound');
      if (p.status !== 'success' || !p.providerRef) throw forbidden('payment.refundOnlySuccessful');
      const name = p.provider as PaymentProviderName;
      const settled = await provider(name).refund(p.providerRef, p.amount);
      await settle(
        name,
        (settled ?? []).map((e) => ({ ...e, paymentId: e.paymentId ?? p.id })),
      );
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
