import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { PaymentRow } from '../../../db/schema/payments.ts';
import { AppError, unauthorized } from '../../../lib/errors.ts';
import { safeEqual } from '../../../lib/tokens.ts';
import type { PaymentEvent, PaymentProvider, ProviderState } from '../payment-provider.ts';

export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';
const TELEGRAM_API_DEFAULT = 'https://api.telegram.org';

/** The webhook secret when TELEGRAM_WEBHOOK_SECRET is unset: HMAC-SHA256 of a fixed label with the bot token. */
export function deriveTelegramWebhookSecret(botToken: string): string {
  return createHmac('sha256', botToken).update('amora-telegram-payments-webhook').digest('hex');
}

const User = z.object({ id: z.number() }).loose();
const PreCheckoutQuery = z
  .object({
    id: z.string(),
    from: User,
    currency: z.string(),
    total_amount: z.number(),
    invoice_payload: z.string(),
  })
  .loose();
/** A `SuccessfulPayment` and a `RefundedPayment` carry the same fields the flow reads. */
const StarsPayment = z
  .object({
    currency: z.string(),
    total_amount: z.number(),
    invoice_payload: z.string(),
    telegram_payment_charge_id: z.string(),
  })
  .loose();
/** The parts of a Bot API `Update` the payment flow reads; every other update is acknowledged and ignored. */
const TelegramUpdate = z
  .object({
    update_id: z.number(),
    pre_checkout_query: PreCheckoutQuery.optional(),
    message: z
      .object({
        from: User.optional(),
        chat: z.object({ id: z.number() }).loose().optional(),
        successful_payment: StarsPayment.optional(),
        refunded_payment: StarsPayment.optional(),
      })
      .loose()
      .optional(),
  })
  .loose();

/** `getStarTransactions` (Bot API): the parts reconciliation reads. */
const StarTransactions = z
  .object({
    transactions: z.array(
      z
        .object({
          id: z.string(),
          date: z.number(),
          source: z
            .object({
              type: z.string(),
              user: User.optional(),
              invoice_payload: z.string().optional(),
            })
            .loose()
            .optional(),
          receiver: z
            .object({ type: z.string(), user: User.optional(), invoice_payload: z.string().optional() })
            .loose()
            .optional(),
        })
        .loose(),
    ),
  })
  .loose();
/** Pages of `getStarTransactions` a reconciliation reads at most (100 transactions each). */
const STAR_PAGES = 20;

/** One event id per Stars charge, whichever update or call reports it: a replay is applied once. */
const chargeEventId = (chargeId: string) => `tg:charge:${chargeId}`;
const refundEventId = (chargeId: string) => `tg:refund:${chargeId}`;
/** Our providerRef after payment: what refundStarPayment needs. */
const chargeRef = (userId: number, chargeId: string) => `${userId}:${chargeId}`;

export type TelegramStarsOptions = {
  botToken: string;
  webhookSecret: string;
  apiUrl?: string | undefined;
  /** Our payment, to answer pre_checkout_query. */
  findPayment: (id: string) => Promise<PaymentRow | null>;
  log?: { warn: (obj: object, msg: string) => void };
};

/**
 * Telegram Stars (currency XTR) through the Bot API: an invoice link per payment, the webhook
 * checked by its secret-token header, pre-checkout answered, tokens credited only on
 * `successful_payment` (deduplicated by `telegram_payment_charge_id`), refunds with refundStarPayment.
 */
export function createTelegramStarsProvider(
  opts: TelegramStarsOptions,
): PaymentProvider & { call: <T>(method: string, body: object) => Promise<T> } {
  const base = `${(opts.apiUrl ?? TELEGRAM_API_DEFAULT).replace(/\/+$/, '')}/bot${opts.botToken}`;

  async function call<T>(method: string, body: object): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new AppError('UNAVAILABLE', 'telegram.noAnswer', { method });
    }
    const json = (await res.json().catch(() => null)) as {
      ok?: boolean;
      result?: T;
      description?: string;
    } | null;
    if (!json?.ok) {
      throw new AppError('UNAVAILABLE', 'telegram.refused', {
        method,
        why: json?.description ?? `HTTP ${res.status}`,
      });
    }
    return json.result as T;
  }

  /** Why a pre-checkout must be refused, or null when the invoice is ours, pending and the amount matches. */
  async function preCheckoutProblem(q: z.infer<typeof PreCheckoutQuery>): Promise<string | null> {
    const p = await opts.findPayment(q.invoice_payload);
    if (!p || p.provider !== 'telegram') return 'This invoice is not known. Please start the purchase again.';
    if (p.status !== 'pending') return 'This invoice has already been used. Please start a new purchase.';
    if (q.currency !== 'XTR' || p.currency !== 'XTR' || q.total_amount !== p.amount)
      return 'The price has changed. Please start the purchase again.';
    return null;
  }

  return {
    name: 'telegram',
    call,
    async createCheckout(req) {
      if (req.currency !== 'XTR') throw new AppError('VALIDATION_ERROR', 'telegram.starsOnly');
      const url = await call<string>('createInvoiceLink', {
        title: req.description.slice(0, 32),
        description: req.description.slice(0, 255),
        payload: req.paymentId,
        provider_token: '',
        currency: 'XTR',
        prices: [{ label: req.description.slice(0, 32), amount: req.amount }],
      });
      return { checkoutUrl: url, providerRef: `invoice:${req.paymentId}` };
    },
    async parseWebhook(rawBody, headers) {
      const header = headers[TELEGRAM_SECRET_HEADER];
      const given = Array.isArray(header) ? header[0] : header;
      if (!given || !safeEqual(given, opts.webhookSecret)) throw unauthorized('webhook.secretRejected');
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError('VALIDATION_ERROR', 'webhook.notJson');
      }
      const parsed = TelegramUpdate.safeParse(json);
      if (!parsed.success) throw new AppError('VALIDATION_ERROR', 'webhook.notTelegramUpdate');
      const u = parsed.data;

      if (u.pre_checkout_query) {
        const q = u.pre_checkout_query;
        const problem = await preCheckoutProblem(q);
        await call('answerPreCheckoutQuery', {
          pre_checkout_query_id: q.id,
          ok: problem === null,
          ...(problem ? { error_message: problem } : {}),
        });
        return { events: [], reply: { ok: true } };
      }
      const paid = u.message?.successful_payment;
      if (paid && paid.currency === 'XTR') {
        const from = u.message?.from?.id ?? u.message?.chat?.id;
        const event: PaymentEvent = {
          eventId: chargeEventId(paid.telegram_payment_charge_id),
          kind: 'succeeded',
          paymentId: paid.invoice_payload,
          providerRef: from !== undefined ? chargeRef(from, paid.telegram_payment_charge_id) : null,
        };
        return { events: [event], reply: { ok: true } };
      }
      const refunded = u.message?.refunded_payment;
      if (refunded && refunded.currency === 'XTR') {
        const event: PaymentEvent = {
          eventId: refundEventId(refunded.telegram_payment_charge_id),
          kind: 'refunded',
          paymentId: refunded.invoice_payload,
          providerRef: null,
        };
        return { events: [event], reply: { ok: true } };
      }
      return { events: [], reply: { ok: true } };
    },
    /**
     * Reconciliation: the bot's Star transactions (newest pages first are not guaranteed, so it
     * reads up to STAR_PAGES pages) searched for a payment whose invoice payload is ours.
     */
    async lookup({ paymentId }): Promise<ProviderState> {
      let paid: { id: string; from: number } | null = null;
      // A refund is a transaction to the user with the same id as the payment's.
      const refundIds = new Set<string>();
      for (let page = 0; page < STAR_PAGES; page++) {
        const raw = await call<unknown>('getStarTransactions', { offset: page * 100, limit: 100 });
        const parsed = StarTransactions.safeParse(raw);
        if (!parsed.success)
          throw new AppError('UNAVAILABLE', 'telegram.refused', {
            method: 'getStarTransactions',
            why: 'unexpected answer',
          });
        for (const t of parsed.data.transactions) {
          if (t.source?.type === 'user' && t.source.invoice_payload === paymentId && t.source.user)
            paid = { id: t.id, from: t.source.user.id };
          if (t.receiver?.type === 'user') refundIds.add(t.id);
        }
        if (parsed.data.transactions.length < 100) break;
      }
      if (paid && refundIds.has(paid.id))
        return { state: 'refunded', providerRef: chargeRef(paid.from, paid.id) };
      if (paid) return { state: 'succeeded', providerRef: chargeRef(paid.from, paid.id) };
      return { state: 'open' };
    },
    async cancel() {
      // An unpaid invoice link simply lapses: there is nothing to cancel at Telegram.
    },
    async refund(providerRef) {
      const [userId, chargeId] = providerRef.split(':', 2);
      if (!userId || !chargeId || !/^\d+$/.test(userId)) throw new AppError('CONFLICT', 'telegram.noCharge');
      await call<boolean>('refundStarPayment', {
        user_id: Number(userId),
        telegram_payment_charge_id: chargeId,
      });
      // Telegram answers the refund at once; the same event id as its refunded_payment update.
      return [
        {
          eventId: refundEventId(chargeId),
          kind: 'refunded',
          paymentId: null,
          providerRef,
        },
      ];
    },
  };
}
