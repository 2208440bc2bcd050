import {
  CheckoutResponse,
  PaymentIdParams,
  PaymentStatusResponse,
  PurchaseBody,
  WebhookParams,
} from '@amora/shared/payments.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';

export function paymentsRoutes(app: AppInstance): void {
  const payments = () => app.ctx.services.payments;
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
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return payments().handleWebhook(req.params.provider, raw, req.headers);
      },
    );
  });
}
