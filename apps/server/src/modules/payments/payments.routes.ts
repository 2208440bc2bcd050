import {
  CheckoutResponse,
  PaymentIdParams,
  PaymentMethodsResponse,
  PaymentStatusResponse,
  PurchaseBody,
  WebhookParams,
} from '@amora/shared/payments.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import type { PaymentsService } from './payments.service.ts';

export function paymentsRoutes(app: AppInstance, service: PaymentsService): void {
  const payments = () => service;
  const common = { tags: ['billing'], security: [{ bearer: [] }] };

  app.post(
    '/api/payment/purchase',
    {
      onRequest: [app.requireAuth],
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        ...common,
        summary: 'Buy a token pack: answers the hosted checkout to send the buyer to',
        body: PurchaseBody,
        response: { 200: CheckoutResponse },
      },
    },
    async (req) => payments().purchase(req.userId(), req.body),
  );

  app.get(
    '/api/payment/methods',
    {
      schema: {
        tags: ['billing'],
        summary: 'How this server takes payments: the enabled providers, Telegram Stars, crypto',
        response: { 200: PaymentMethodsResponse },
      },
    },
    async () => payments().methods(),
  );

  app.get(
    '/api/payment/status/:id',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary: "A payment's status (success, pending, error, failed, declined, fraud, chargeback)",
        params: PaymentIdParams,
        response: { 200: PaymentStatusResponse },
      },
    },
    async (req) => payments().status(req.userId(), req.params.id),
  );

  // Webhooks are verified on the exact bytes the provider signed, so this route alone keeps the
  // body raw (an encapsulated content-type parser) instead of parsing JSON.
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    const rawBody = (req: { body: unknown }) => (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
    scope.post(
      '/api/payment/webhook/:provider',
      {
        config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
        schema: {
          tags: ['billing'],
          summary:
            "A payment provider's signed webhook (raw body; 2xx once verified, idempotent by event id)",
          params: WebhookParams,
          response: { 200: z.unknown() },
        },
      },
      async (req) => payments().handleWebhook(req.params.provider, rawBody(req), req.headers),
    );
    // The outside processors' webhooks, spelled out for the OpenAPI document (same handler).
    scope.post(
      '/api/payment/webhook/stripe',
      {
        config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
        schema: {
          tags: ['billing'],
          summary:
            'Stripe webhook (checkout.session.*, payment_intent.*, charge.refunded, charge.dispute.created)',
          description:
            'Verified with stripe.webhooks.constructEvent on the raw body (STRIPE_WEBHOOK_SECRET, 5 min ' +
            'tolerance); 400 when the signature does not verify; idempotent by event id.',
          headers: z.object({ 'stripe-signature': z.string().optional() }),
          response: { 200: z.object({ received: z.boolean() }) },
        },
      },
      async (req) =>
        (await payments().handleWebhook('stripe', rawBody(req), req.headers)) as { received: boolean },
    );
    scope.post(
      '/api/payment/webhook/crypto',
      {
        config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
        schema: {
          tags: ['billing'],
          summary:
            'BTCPay Server webhook (InvoiceProcessing, InvoiceSettled, InvoiceExpired, InvoiceInvalid)',
          description:
            'BTCPay-Sig (sha256=HMAC-SHA256 of the raw body with BTCPAY_WEBHOOK_SECRET) is compared in ' +
            'constant time (401 otherwise); a redelivery keeps its originalDeliveryId and is applied once.',
          headers: z.object({ 'btcpay-sig': z.string().optional() }),
          response: { 200: z.object({ received: z.boolean() }) },
        },
      },
      async (req) =>
        (await payments().handleWebhook('crypto', rawBody(req), req.headers)) as { received: boolean },
    );
    scope.post(
      '/api/payment/webhook/telegram',
      {
        config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
        schema: {
          tags: ['billing'],
          summary: 'Telegram Bot API updates: pre_checkout_query, successful_payment, refunded_payment',
          description:
            'The bot webhook (setWebhook with secret_token): X-Telegram-Bot-Api-Secret-Token is compared in ' +
            'constant time (401 otherwise); tokens are credited on successful_payment only, once per ' +
            'telegram_payment_charge_id.',
          headers: z.object({ 'x-telegram-bot-api-secret-token': z.string().optional() }),
          response: { 200: z.object({ ok: z.boolean() }) },
        },
      },
      async (req) =>
        (await payments().handleWebhook('telegram', rawBody(req), req.headers)) as { ok: boolean },
    );
  });
}
