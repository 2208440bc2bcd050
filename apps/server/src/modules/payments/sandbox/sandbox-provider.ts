import { AppError } from '../../../lib/errors.ts';
import type { PaymentEvent, PaymentProvider } from '../payment-provider.ts';
import { verifyWebhookSignature } from '../webhook-signature.ts';
import { SANDBOX_SIGNATURE_HEADER, SandboxEvent, type SandboxProcessor } from './sandbox-processor.ts';

const kinds: Record<SandboxEvent['type'], PaymentEvent['kind']> = {
  'payment.processing': 'processing',
  'payment.succeeded': 'succeeded',
  'payment.declined': 'declined',
  'payment.canceled': 'canceled',
  'payment.refunded': 'refunded',
  'payment.chargeback': 'chargeback',
};

/** Our adapter for the built-in sandbox processor: the same shape an outside processor's adapter has. */
export function createSandboxProvider(deps: {
  processor: SandboxProcessor;
  webhookSecret: string;
}): PaymentProvider {
  const { processor } = deps;
  return {
    name: 'sandbox',
    async createCheckout(req) {
      const confirmUrl = `/paywall/confirm?paymentId=${encodeURIComponent(req.paymentId)}`;
      const s = await processor.createSession({
        reference: req.paymentId,
        amount: req.amount,
        currency: req.currency,
        description: req.description,
        returnUrl: req.returnUrl,
        confirmUrl,
      });
      return { checkoutUrl: s.url, providerRef: s.id };
    },
    async parseWebhook(rawBody, headers) {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      verifyWebhookSignature(deps.webhookSecret, rawBody, Array.isArray(header) ? header[0] : header);
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError('VALIDATION_ERROR', 'webhook.notJson');
      }
      const parsed = SandboxEvent.safeParse(json);
      if (!parsed.success) throw new AppError('VALIDATION_ERROR', 'webhook.notSandboxEvent');
      const e = parsed.data;
      return {
        events: [
          {
            eventId: e.id,
            kind: kinds[e.type],
            paymentId: e.data.reference,
            providerRef: e.data.session,
            savedMethod: e.data.card?.id ?? null,
            cardLast4: e.data.card?.last4 ?? null,
            message: e.data.message,
          },
        ],
      };
    },
    async lookup({ providerRef }) {
      const found = providerRef ? await processor.lookup(providerRef) : null;
      if (!found) return { state: 'unknown' };
      const card = { savedMethod: found.card?.id ?? null, cardLast4: found.card?.last4 ?? null };
      switch (found.session.status) {
        case 'open':
        case 'requires_confirmation':
          return { state: 'open' };
        case 'processing':
          return { state: 'processing', ...card };
        case 'succeeded':
          return { state: 'succeeded', ...card };
        case 'declined':
          return { state: 'declined', message: 'Your card was declined.' };
        case 'canceled':
          return { state: 'canceled' };
        case 'refunded':
          return { state: 'refunded', ...card };
      }
    },
    async cancel(providerRef) {
      await processor.cancel(providerRef);
    },
    async refund(providerRef) {
      await processor.refund(providerRef);
    },
    async forgetSaved(savedMethod) {
      await processor.forgetCard(savedMethod);
    },
    async chargeSaved(req) {
      const r = await processor.chargeCard({
        cardId: req.savedMethod,
        reference: req.paymentId,
        amount: req.amount,
        currency: req.currency,
        description: req.description,
      });
      return { providerRef: r.sessionId, status: r.status, ...(r.message ? { message: r.message } : {}) };
    },
  };
}
