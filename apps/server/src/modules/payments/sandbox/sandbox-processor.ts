import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { SandboxSessionRow } from '../../../db/schema/payments.ts';
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
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

  async function deliver(body: string): Promise<void> {
    for (let attempt = 1; attempt <= opts.maxAttempts; attempt++) {
      const headers = {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signWebhook(deps.webhookSecret, body),
      };
      let status = 0;
      try {
        status = await deps.transport(SANDBOX_WEBHOOK_PATH, body, headers);
      } catch {
        status = 0;
      }
      if (status >= 200 && status < 300) return;
      if (background.closing || attempt === opts.maxAttempts) {
        deps.log.warn({ status, attempt }, 'sandbox webhook delivery given up');
        return;
      }
      await sleep(opts.retryBaseMs * 2 ** (attempt - 1));
    }
  }

  /** Queues an event: random delay, and now and then a second copy of the same event. */
  async function emit(
    session: SandboxSessionRow,
    type: SandboxEvent['type'],
    extra: { card?: SandboxEvent['data']['card']; message?: string } = {},
  ): Promise<SandboxEvent> {
    const seq = await repo.nextEventSeq(db, session.id);
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
    for (let i = 0; i < copies; i++) {
      background.run(async () => {
        await sleep(Math.floor(Math.random() * (opts.maxDelayMs + 1)));
        await deliver(body);
      });
    }
    return event;
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
          const moved = await repo.transition(db, s.id, ['open'], 'declined');
          if (moved) await emit(moved, 'payment.declined', { message: 'Your card was declined.' });
          return { redirect: s.returnUrl };
        }
        case 'confirm': {
          const moved = await repo.transition(db, s.id, ['open'], 'requires_confirmation', { cardId });
          return { redirect: confirmRedirect(moved ?? s) };
        }
        case 'processing': {
          const moved = await repo.transition(db, s.id, ['open'], 'processing', { cardId });
          if (moved) {
            await emit(moved, 'payment.processing', { card });
            background.run(async () => {
              await sleep(opts.processingMs);
              const done = await repo.transition(db, s.id, ['processing'], 'succeeded');
              if (done) await emit(done, 'payment.succeeded', { card });
            });
          }
          return { redirect: s.returnUrl };
        }
        default: {
          const moved = await repo.transition(db, s.id, ['open'], 'succeeded', { cardId });
          if (moved) await emit(moved, 'payment.succeeded', { card });
          return { redirect: s.returnUrl };
        }
      }
    },
    /** The 3-D Secure challenge page: the buyer approves or fails the authentication. */
    async confirm(sessionId: string, approve: boolean): Promise<{ redirect: string }> {
      const s = await session(sessionId);
      const moved = await repo.transition(
        db,
        s.id,
        ['requires_confirmation'],
        approve ? 'succeeded' : 'declined',
      );
      if (moved) {
        if (approve) await emit(moved, 'payment.succeeded', { card: await cardOf(moved.cardId) });
        else await emit(moved, 'payment.declined', { message: 'The card authentication failed.' });
      }
      return { redirect: s.returnUrl };
    },
    async cancel(sessionId: string): Promise<{ redirect: string }> {
      const s = await session(sessionId);
      const moved = await repo.transition(db, s.id, ['open', 'requires_confirmation'], 'canceled');
      if (moved) await emit(moved, 'payment.canceled', { message: 'The payment was canceled.' });
      return { redirect: s.returnUrl };
    },
    async refund(sessionId: string): Promise<void> {
      const s = await session(sessionId);
      const moved = await repo.transition(db, s.id, ['succeeded'], 'refunded');
      if (!moved) throw new AppError('CONFLICT', 'payment.refundOnlySucceeded');
      await emit(moved, 'payment.refunded', { card: await cardOf(moved.cardId) });
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
      const s = await repo.insertSession(db, {
        id: id('ch'),
        reference: req.reference,
        amount: req.amount,
        currency: req.currency,
        description: req.description,
        returnUrl: '',
        status: ok ? 'succeeded' : 'declined',
        cardId: card?.id ?? null,
      });
      const message = ok ? undefined : card ? 'Your card was declined.' : 'The saved card does not exist.';
      await emit(s, ok ? 'payment.succeeded' : 'payment.declined', {
        card: card ? { id: card.id, last4: card.last4, brand: card.brand } : null,
        ...(message ? { message } : {}),
      });
      return { sessionId: s.id, status: ok ? 'succeeded' : 'declined', ...(message ? { message } : {}) };
    },
  };
}
export type SandboxProcessor = ReturnType<typeof createSandboxProcessor>;
