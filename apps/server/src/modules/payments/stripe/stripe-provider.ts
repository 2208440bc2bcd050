import Stripe from 'stripe';
import { AppError } from '../../../lib/errors.ts';
import type { ChargeResult, PaymentEvent, PaymentProvider, ProviderState } from '../payment-provider.ts';
import { WEBHOOK_TOLERANCE_S } from '../webhook-signature.ts';

const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Our public origin: Stripe needs absolute success and cancel URLs. */
  publicUrl: string;
  /** Another API origin than https://api.stripe.com (tests point it at a loopback fake). */
  apiUrl?: string | undefined;
  /** Signed-timestamp tolerance of webhooks, in seconds. */
  toleranceS?: number;
};

/** `cus_…:pm_…` (or `cus_…:pi_…` when only the first PaymentIntent is known): what a renewal charges. */
const savedMethodOf = (customer: unknown, method: unknown): string | null =>
  typeof customer === 'string' && typeof method === 'string' && customer && method
    ? `${customer}:${method}`
    : null;

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;

function clientOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000 };
  if (!apiUrl) return options;
  const u = new URL(apiUrl);
  return {
    ...options,
    host: u.hostname,
    protocol: u.protocol === 'http:' ? 'http' : 'https',
    ...(u.port ? { port: Number(u.port) } : {}),
  };
}

/**
 * The Stripe Checkout adapter (the reference real card processor): a hosted Checkout Session per
 * payment, webhooks verified with `stripe.webhooks.constructEvent` on the raw body, refunds through
 * the Refunds API, renewals as off-session PaymentIntents on the card the first payment saved.
 */
export function createStripeProvider(opts: StripeProviderOptions): PaymentProvider & { client: Stripe } {
  const stripe = new Stripe(opts.secretKey, clientOptions(opts.apiUrl));
  const absolute = (path: string) => new URL(path, opts.publicUrl).toString();

  /** A checkout's PaymentIntent: our providerRef is the session (cs_…) or, for renewals, the intent (pi_…). */
  async function paymentIntentOf(providerRef: string): Promise<string> {
    if (providerRef.startsWith('pi_')) return providerRef;
    const session = await stripe.checkout.sessions.retrieve(providerRef);
    const pi = idOf(session.payment_intent);
    if (!pi) throw new AppError('CONFLICT', 'stripe.noPayment');
    return pi;
  }

  /**
   * Which payment a charge or dispute belongs to: our payment id from its metadata, else from the
   * metadata of its PaymentIntent; the providerRef is that intent, else `fallbackRef`.
   */
  async function refOfIntent(
    obj: { metadata?: Stripe.Metadata | null; payment_intent: string | { id: string } | null },
    fallbackRef: string | null,
  ): Promise<{ paymentId: string | null; providerRef: string | null }> {
    const pi = idOf(obj.payment_intent);
    if (obj.metadata?.paymentId) return { paymentId: obj.metadata.paymentId, providerRef: pi ?? fallbackRef };
    if (!pi) return { paymentId: null, providerRef: fallbackRef };
    const intent = await stripe.paymentIntents.retrieve(pi);
    return { paymentId: intent.metadata.paymentId ?? null, providerRef: pi };
  }

  async function toEvents(event: Stripe.Event): Promise<PaymentEvent[]> {
    const base = { eventId: event.id };
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const s = event.data.object;
        if (s.mode !== 'payment') return [];
        const paymentId = s.metadata?.paymentId ?? s.client_reference_id ?? null;
        const kind: PaymentEvent['kind'] =
          event.type === 'checkout.session.expired'
            ? 'canceled'
            : event.type === 'checkout.session.async_payment_failed'
              ? 'failed'
              : s.payment_status === 'unpaid'
                ? 'processing'
                : 'succeeded';
        return [
          {
            ...base,
            kind,
            paymentId,
            providerRef: s.id,
            savedMethod: savedMethodOf(idOf(s.customer), idOf(s.payment_intent)),
          },
        ];
      }
      case 'payment_intent.succeeded':
      case 'payment_intent.processing':
      case 'payment_intent.payment_failed':
      case 'payment_intent.canceled': {
        const pi = event.data.object;
        const err = pi.last_payment_error;
        const kind: PaymentEvent['kind'] =
          event.type === 'payment_intent.succeeded'
            ? 'succeeded'
            : event.type === 'payment_intent.processing'
              ? 'processing'
              : event.type === 'payment_intent.canceled'
                ? 'canceled'
                : err?.type === 'card_error'
                  ? 'declined'
                  : 'failed';
        return [
          {
            ...base,
            kind,
            paymentId: pi.metadata.paymentId ?? null,
            providerRef: pi.id,
            savedMethod:
              pi.setup_future_usage || kind === 'succeeded'
                ? savedMethodOf(idOf(pi.customer), idOf(pi.payment_method))
                : null,
            message: err?.message ?? null,
          },
        ];
      }
      case 'charge.refunded': {
        const ch = event.data.object;
        const cardLast4 = ch.payment_method_details?.card?.last4 ?? null;
        return [{ ...base, kind: 'refunded', ...(await refOfIntent(ch, ch.id)), cardLast4 }];
      }
      case 'charge.dispute.created': {
        const d = event.data.object;
        return [
          { ...base, kind: 'chargeback', ...(await refOfIntent(d, idOf(d.charge))), message: d.reason },
        ];
      }
      default:
        return [];
    }
  }

  return {
    name: 'stripe',
    client: stripe,
    async createCheckout(req) {
      const returnUrl = absolute(req.returnUrl);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          // Cards only, which renewals can charge off-session again. Apple Pay and Google Pay are
          // wallets of the card method: hosted Checkout offers them by itself on a device that has
          // one, once they are on in the Dashboard (decision 058, docs/payments.md).
          allowed_payment_method_types: ['card'],
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: req.currency.toLowerCase(),
                unit_amount: req.amount,
                product_data: { name: req.description },
              },
            },
          ],
          client_reference_id: req.paymentId,
          metadata: { paymentId: req.paymentId, userId: req.userId },
          payment_intent_data: {
            metadata: { paymentId: req.paymentId, userId: req.userId },
            description: req.description,
            // Subscriptions: we charge renewals ourselves, off-session, on the card saved here.
            ...(req.saveMethod ? { setup_future_usage: 'off_session' as const } : {}),
          },
          ...(req.saveMethod ? { customer_creation: 'always' as const } : {}),
          success_url: returnUrl,
          cancel_url: absolute('/paywall'),
        },
        { idempotencyKey: `checkout:${req.paymentId}` },
      );
      if (!session.url) throw new AppError('CONFLICT', 'stripe.noCheckoutPage');
      return { checkoutUrl: session.url, providerRef: session.id };
    },
    async parseWebhook(rawBody, headers) {
      const header = headers[STRIPE_SIGNATURE_HEADER];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          (Array.isArray(header) ? header[0] : header) ?? '',
          opts.webhookSecret,
          opts.toleranceS ?? WEBHOOK_TOLERANCE_S,
        );
      } catch (err) {
        // Stripe documents answering 400 to a delivery whose signature does not verify.
        throw new AppError('VALIDATION_ERROR', 'webhook.signatureRejected', {
          why: err instanceof Error ? err.message : 'invalid',
        });
      }
      return { events: await toEvents(event) };
    },
    async lookup({ providerRef }): Promise<ProviderState> {
      if (!providerRef) return { state: 'unknown' };
      try {
        if (providerRef.startsWith('pi_')) {
          const pi = await stripe.paymentIntents.retrieve(providerRef);
          const savedMethod = savedMethodOf(idOf(pi.customer), idOf(pi.payment_method));
          switch (pi.status) {
            case 'succeeded':
              return { state: 'succeeded', savedMethod };
            case 'processing':
              return { state: 'processing' };
            case 'canceled':
              return { state: 'canceled' };
            case 'requires_payment_method':
              return pi.last_payment_error
                ? {
                    state: pi.last_payment_error.type === 'card_error' ? 'declined' : 'failed',
                    message: pi.last_payment_error.message ?? null,
                  }
                : { state: 'open' };
            default:
              return { state: 'open' };
          }
        }
        const session = await stripe.checkout.sessions.retrieve(providerRef);
        if (session.status === 'expired') return { state: 'canceled' };
        if (session.status !== 'complete') return { state: 'open' };
        if (session.payment_status === 'unpaid') return { state: 'processing' };
        return {
          state: 'succeeded',
          savedMethod: savedMethodOf(idOf(session.customer), idOf(session.payment_intent)),
        };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing')
          return { state: 'unknown' };
        throw err;
      }
    },
    async cancel(providerRef) {
      if (providerRef.startsWith('pi_')) await stripe.paymentIntents.cancel(providerRef);
      else await stripe.checkout.sessions.expire(providerRef);
    },
    async refund(providerRef, amount) {
      const pi = await paymentIntentOf(providerRef);
      await stripe.refunds.create({ payment_intent: pi, amount }, { idempotencyKey: `refund:${pi}` });
    },
    /**
     * Detaches the saved card from its Customer (Stripe: "Detach a PaymentMethod from a Customer"):
     * it can no longer be charged off-session. A method Stripe no longer has is already gone.
     */
    async forgetSaved(savedMethod) {
      const [, ref] = savedMethod.split(':', 2);
      if (!ref) return;
      try {
        const paymentMethod = ref.startsWith('pi_')
          ? idOf((await stripe.paymentIntents.retrieve(ref)).payment_method)
          : ref;
        if (paymentMethod) await stripe.paymentMethods.detach(paymentMethod);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return;
        throw err;
      }
    },
    async chargeSaved(req): Promise<ChargeResult> {
      const [customer, ref] = req.savedMethod.split(':', 2);
      if (!customer || !ref) throw new AppError('CONFLICT', 'payment.savedCardUnusable');
      const paymentMethod = ref.startsWith('pi_')
        ? idOf((await stripe.paymentIntents.retrieve(ref)).payment_method)
        : ref;
      if (!paymentMethod) throw new AppError('CONFLICT', 'payment.savedCardUnusable');
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: req.amount,
            currency: req.currency.toLowerCase(),
            customer,
            payment_method: paymentMethod,
            off_session: true,
            confirm: true,
            description: req.description,
            metadata: { paymentId: req.paymentId },
          },
          { idempotencyKey: `renewal:${req.paymentId}` },
        );
        return {
          providerRef: pi.id,
          status: pi.status === 'succeeded' ? 'succeeded' : 'pending',
        };
      } catch (err) {
        // A declined off-session charge: Stripe also sends payment_intent.payment_failed for it.
        if (err instanceof Stripe.errors.StripeCardError) {
          const pi = (err.raw as { payment_intent?: { id?: string } } | undefined)?.payment_intent?.id;
          return { providerRef: pi ?? `declined:${req.paymentId}`, status: 'declined', message: err.message };
        }
        throw err;
      }
    },
  };
}
