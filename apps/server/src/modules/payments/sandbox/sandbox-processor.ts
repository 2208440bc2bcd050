import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { SandboxOutboxRow, SandboxSessionRow } from '../../../db/schema/payments.ts';
import type { Background } from '../../../lib/background.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { signWebhook } from '../webhook-signature.ts';
import { checkCard, type CardInput } from './sandbox-cards.ts';
import type { SandboxRepository } from './sandbox.repository.ts';

export const SANDBOX_SIGNATURE_HEADER = 'amora-sandbox-signature';
export const SANDBOX_WEBHOOK_PATH = '/api/payment/webhook/sandbox';

/** The sandbox processor's webhook wire format (what a real processor would document). */
export const SandboxEvent = z.object({
  id: z.string().min(1),
  type: z.enum([
    'payment.processing',
    'payment.succeeded',
    'payment.declined',
    'payment.canceled',
    'payment.refunded',
    'payment.chargeback',
  ]),
  created: z.number().int(),
  data: z.object({
    session: z.string(),
    reference: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    card: z.object({ id: z.string(), last4: z.string(), brand: z.string() }).nullable(),
    message: z.string().nullable(),
  }),
});
export type SandboxEvent = z.infer<typeof SandboxEvent>;

export type WebhookTransport = (
  path: string,
  body: string,
  headers: Record<string, string>,
) => Promise<number>;

export type SandboxOptions = {
  /** Deliveries wait a random 0..maxDelayMs, so events can arrive out of order. */
  maxDelayMs: number;
  /** Chance that an event is delivered a second time. */
  duplicateRate: number;
  /** How long a 4000 0000 0000 0077 payment stays processing. */
  processingMs: number;
  /** Delivery attempts before an event is given up. */
  maxAttempts: number;
  retryBaseMs: number;
};

export const DEFAULT_SANDBOX_OPTIONS: SandboxOptions = {
  maxDelayMs: 1500,
  duplicateRate: 0.25,
  processingMs: 4000,
  maxAttempts: 8,
  retryBaseMs: 500,
};

/** How long one delivery attempt holds its outbox row before another node may try. */
const CLAIM_MS = 30_000;
const OUTBOX_BATCH = 100;
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

export type SubmitOutcome = { redirect: string } | { error: string; field: 'number' | 'expiry' | 'cvc' };

/**
 * The built-in sandbox card processor (DESIGN §1 default): hosted checkout sessions, the test
 * cards, saved cards for renewals, and HMAC-signed webhooks delivered asynchronously with retries,
 * sometimes twice and out of order, as real processors do.
 */
export function createSandboxProcessor(deps: {
  db: Db;
  repo: SandboxRepository;
  background: Background;
  webhookSecret: string;
  transport: WebhookTransport;
  log: { warn: (obj: object, msg: string) => void };
  options?: Partial<SandboxOptions>;
}) {
  const { db, repo, background } = deps;
  const opts = { ...DEFAULT_SANDBOX_OPTIONS, ...deps.options };

  /** In-process timers for queued deliveries (cleared on close: the outbox rows stay for the next start). */
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  /** Runs `task` in the background after `ms`, unless the processor stops first. */
  function later(ms: number, task: () => Promise<unknown>): void {
    if (stopped || background.closing) return;
    const t = setTimeout(() => {
      timers.delete(t);
      if (!stopped && !background.closing) background.run(task);
    }, ms);
    t.unref();
    timers.add(t);
  }

  function schedule(rows: SandboxOutboxRow[]): void {
    for (const row of rows)
      later(Math.max(0, row.dueAt.getTime() - Date.now()), () =>
        deliverRow(row.id, new Date(Math.max(Date.now(), row.dueAt.getTime()))),
      );
  }

  /** One delivery attempt of a queued event; on failure it is queued again with backoff. */
  async function deliverRow(rowId: string, now: Date): Promise<boolean> {
    const row = await repo.claimDelivery(db, rowId, now, new Date(Date.now() + CLAIM_MS));
    if (!row) return false;
    const headers = {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signWebhook(deps.webhookSecret, row.body),
    };
    let status = 0;
    try {
      status = await deps.transport(SANDBOX_WEBHOOK_PATH, row.body, headers);
    } catch {
      status = 0;
    }
    if (status >= 200 && status < 300) {
      await repo.delivered(db, row.id);
      return true;
    }
    if (row.attempts >= opts.maxAttempts) {
      deps.log.warn(
        { status, attempt: row.attempts, event: row.eventId },
        'sandbox webhook delivery given up',
      );
      await repo.delivered(db, row.id);
      return false;
    }
    const dueAt = new Date(Date.now() + opts.retryBaseMs * 2 ** (row.attempts - 1));
    await repo.retryAt(db, row.id, dueAt);
    schedule([{ ...row, dueAt }]);
    return false;
  }

  /**
   * Queues an event in the caller's transaction (decision 034): random delay, and now and then a
   * second copy of the same event. Deliver with `schedule` once the transaction has committed.
   */
  async function enqueue(
    tx: DbOrTx,
    session: SandboxSessionRow,
    type: SandboxEvent['type'],
    extra: { card?: SandboxEvent['data']['card']; message?: string } = {},
  ): Promise<SandboxOutboxRow[]> {
    const seq = await repo.nextEventSeq(tx, session.id);
    const event: SandboxEvent = {
      id: `evt_${session.id}_${seq}`,
      type,
      created: Math.floor(Date.now() / 1000),
      data: {
        session: session.id,
        reference: session.reference,
        amount: session.amount,
        currency: session.currency,
        card: extra.card ?? null,
        message: extra.message ?? null,
      },
    };
    const body = JSON.stringify(event);
    const copies = Math.random() < opts.duplicateRate ? 2 : 1;
    return repo.enqueue(
      tx,
      Array.from({ length: copies }, () => ({
        id: id('whd'),
        eventId: event.id,
        body,
        dueAt: new Date(Date.now() + Math.floor(Math.random() * (opts.maxDelayMs + 1))),
      })),
    );
  }

  /** Moves a session on (only from `from`) and queues its event, in one transaction. */
  async function move(
    sessionId: string,
    from: SandboxSessionRow['status'][],
    to: SandboxSessionRow['status'],
    type: SandboxEvent['type'] | null,
    extra: { card?: SandboxEvent['data']['card']; message?: string; cardId?: string } = {},
  ): Promise<SandboxSessionRow | null> {
    const { cardId, ...event } = extra;
    const r = await db.transaction(async (tx) => {
      const moved = await repo.transition(tx, sessionId, from, to, cardId ? { cardId } : {});
      if (!moved) return null;
      return { moved, rows: type ? await enqueue(tx, moved, type, event) : [] };
    });
    if (r) schedule(r.rows);
    return r?.moved ?? null;
  }

  /** Queues one event without a state change (a dispute). */
  async function emit(
    session: SandboxSessionRow,
    type: SandboxEvent['type'],
    extra: { card?: SandboxEvent['data']['card']; message?: string } = {},
  ): Promise<void> {
    schedule(await db.transaction((tx) => enqueue(tx, session, type, extra)));
  }

  /**
   * The sandbox's own recovery, run at start and by every node's sweep: queued webhooks that are
   * due are delivered (those a crash left behind too), and a `processing` payment whose wait was
   * lost with its node completes.
   */
  async function recover(now: Date = new Date()): Promise<{ delivered: number; completed: number }> {
    let completed = 0;
    const stuck = await repo.processingSince(db, new Date(now.getTime() - opts.processingMs), OUTBOX_BATCH);
    for (const s of stuck) {
      const card = await cardOf(s.cardId);
      if (await move(s.id, ['processing'], 'succeeded', 'payment.succeeded', { card })) completed++;
    }
    let delivered = 0;
    for (const row of await repo.dueDeliveries(db, now, OUTBOX_BATCH)) {
      if (await deliverRow(row.id, now)) delivered++;
    }
    return { delivered, completed };
  }

  async function cardOf(cardId: string | null): Promise<SandboxEvent['data']['card']> {
    if (!cardId) return null;
    const card = await repo.findCard(db, cardId);
    return card ? { id: card.id, last4: card.last4, brand: card.brand } : null;
  }

  async function session(sessionId: string): Promise<SandboxSessionRow> {
    const s = await repo.findSession(db, sessionId);
    if (!s) throw notFound('payment.checkoutMissing');
    return s;
  }

  const confirmRedirect = (s: SandboxSessionRow) => {
    const base = s.meta.confirmUrl ?? s.returnUrl;
    const sep = base.includes('?') ? '&' : '?';
    return `${base}${sep}next=${encodeURIComponent(`/sandbox/pay/${s.id}/confirm`)}`;
  };

  return {
    options: opts,
    recover,
    /** Stops the in-process delivery timers (shutdown); queued rows are delivered after the next start. */
    stop(): void {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
    /** The session's state, for reconciliation (what a real processor's "retrieve" answers). */
    async lookup(
      sessionId: string,
    ): Promise<{ session: SandboxSessionRow; card: SandboxEvent['data']['card'] } | null> {
      const s = await repo.findSession(db, sessionId);
      return s ? { session: s, card: await cardOf(s.cardId) } : null;
    },
    async createSession(req: {
      reference: string;
      amount: number;
      currency: string;
      description: string;
      returnUrl: string;
      confirmUrl: string;
    }): Promise<{ id: string; url: string }> {
      const s = await repo.insertSession(db, {
        id: id('cs'),
        reference: req.reference,
        amount: req.amount,
        currency: req.currency,
        description: req.description,
        returnUrl: req.returnUrl,
        meta: { confirmUrl: req.confirmUrl },
      });
      return { id: s.id, url: `/sandbox/pay/${s.id}` };
    },
    session,
    /** The hosted card form was submitted. */
    async submitCard(sessionId: string, input: CardInput): Promise<SubmitOutcome> {
      const s = await session(sessionId);
      if (s.status === 'requires_confirmation') return { redirect: confirmRedirect(s) };
      if (s.status !== 'open') return { redirect: s.returnUrl };
      const check = checkCard(input);
      if (!check.ok) return { error: check.message, field: check.field };

      const cardId = id('card');
      if (check.behaviour !== 'decline') {
        await repo.insertCard(db, {
          id: cardId,
          last4: check.last4,
          brand: 'visa',
          behaviour: check.behaviour === 'succeed_then_decline' ? 'decline' : 'ok',
        });
      }
      const card = check.behaviour === 'decline' ? null : await cardOf(cardId);
      switch (check.behaviour) {
        case 'decline': {
          await move(s.id, ['open'], 'declined', 'payment.declined', { message: 'Your card was declined.' });
          return { redirect: s.returnUrl };
        }
        case 'confirm': {
          const moved = await move(s.id, ['open'], 'requires_confirmation', null, { cardId });
          return { redirect: confirmRedirect(moved ?? s) };
        }
        case 'processing': {
          const moved = await move(s.id, ['open'], 'processing', 'payment.processing', { card, cardId });
          if (moved) {
            // A crash (or shutdown) during the wait is picked up by `recover`: still processing.
            later(opts.processingMs, () =>
              move(s.id, ['processing'], 'succeeded', 'payment.succeeded', { card }),
            );
          }
          return { redirect: s.returnUrl };
        }
        default: {
          await move(s.id, ['open'], 'succeeded', 'payment.succeeded', { card, cardId });
          return { redirect: s.returnUrl };
        }
      }
    },
    /** The 3-D Secure challenge page: the buyer approves or fails the authentication. */
    async confirm(sessionId: string, approve: boolean): Promise<{ redirect: string }> {
      const s = await session(sessionId);
      if (approve)
        await move(s.id, ['requires_confirmation'], 'succeeded', 'payment.succeeded', {
          card: await cardOf(s.cardId),
        });
      else
        await move(s.id, ['requires_confirmation'], 'declined', 'payment.declined', {
          message: 'The card authentication failed.',
        });
      return { redirect: s.returnUrl };
    },
    async cancel(sessionId: string): Promise<{ redirect: string }> {
      const s = await session(sessionId);
      await move(s.id, ['open', 'requires_confirmation'], 'canceled', 'payment.canceled', {
        message: 'The payment was canceled.',
      });
      return { redirect: s.returnUrl };
    },
    async refund(sessionId: string): Promise<void> {
      const s = await session(sessionId);
      const card = await cardOf(s.cardId);
      const moved = await move(s.id, ['succeeded'], 'refunded', 'payment.refunded', { card });
      if (!moved) throw new AppError('CONFLICT', 'payment.refundOnlySucceeded');
    },
    /** A cardholder disputes a payment with their bank (tests and the operator's sandbox tools). */
    async chargeback(sessionId: string): Promise<void> {
      const s = await session(sessionId);
      if (s.status !== 'succeeded') throw new AppError('CONFLICT', 'payment.disputeOnlySucceeded');
      await emit(s, 'payment.chargeback', {
        card: await cardOf(s.cardId),
        message: 'Disputed by the cardholder.',
      });
    },
    /** The cardholder removes a saved card: later charges of it are declined ("does not exist"). */
    async forgetCard(cardId: string): Promise<void> {
      await repo.deleteCard(db, cardId);
    },
    /** Charges a saved card again without the buyer (renewals). */
    async chargeCard(req: {
      cardId: string;
      reference: string;
      amount: number;
      currency: string;
      description: string;
    }): Promise<{ sessionId: string; status: 'succeeded' | 'declined'; message?: string }> {
      const card = await repo.findCard(db, req.cardId);
      const ok = card?.behaviour === 'ok';
      const message = ok ? undefined : card ? 'Your card was declined.' : 'The saved card does not exist.';
      const { s, rows } = await db.transaction(async (tx) => {
        const s = await repo.insertSession(tx, {
          id: id('ch'),
          reference: req.reference,
          amount: req.amount,
          currency: req.currency,
          description: req.description,
          returnUrl: '',
          status: ok ? 'succeeded' : 'declined',
          cardId: card?.id ?? null,
        });
        const rows = await enqueue(tx, s, ok ? 'payment.succeeded' : 'payment.declined', {
          card: card ? { id: card.id, last4: card.last4, brand: card.brand } : null,
          ...(message ? { message } : {}),
        });
        return { s, rows };
      });
      schedule(rows);
      return { sessionId: s.id, status: ok ? 'succeeded' : 'declined', ...(message ? { message } : {}) };
    },
  };
}
export type SandboxProcessor = ReturnType<typeof createSandboxProcessor>;
