import { CheckoutResponse } from '@amora/shared/payments.ts';
import {
  RenewalRetryResponse,
  SubscribeBody,
  SubscriptionLastResponse,
  SubscriptionView,
} from '@amora/shared/subscriptions.ts';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

export function subscriptionsRoutes(app: AppInstance, service: SubscriptionsService): void {
  const subs = () => service;
  const common = { tags: ['billing'], security: [{ bearer: [] }] };

  app.post(
    '/api/payment/subscribe',
    {
      onRequest: [app.requireAuth],
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        ...common,
        summary: 'Start a subscription plan (or pay again after a failed renewal): the hosted checkout',
        body: SubscribeBody,
        response: { 200: CheckoutResponse },
      },
    },
    async (req) => subs().subscribe(req.userId(), req.body),
  );

  app.get(
    '/api/user/subscription/last',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary: "The caller's latest subscription",
        response: { 200: SubscriptionLastResponse },
      },
    },
    async (req) => ({ subscription: await subs().last(req.userId()) }),
  );

  app.post(
    '/api/payment/subscription/cancel',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary: 'Turn renewal off; access is kept to the end date',
        response: { 200: z.object({ subscription: SubscriptionView }) },
      },
    },
    async (req) => ({ subscription: await subs().cancel(req.userId()) }),
  );

  app.post(
    '/api/user/delete-card',
    {
      onRequest: [app.requireAuth],
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        ...common,
        summary:
          'Remove the saved card (SPEC §7 /delete-card): the processor forgets it (Stripe detaches it); access is kept to the end date, a renewal then asks for payment details. 404 when no card is saved',
        response: { 200: z.object({ subscription: SubscriptionView.nullable() }) },
      },
    },
    async (req) => ({ subscription: await subs().deleteCard(req.userId()) }),
  );

  app.post(
    '/api/payment/subscription/retry',
    {
      onRequest: [app.requireAuth],
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        ...common,
        summary: 'Charge the saved card again after a failed renewal',
        response: { 200: RenewalRetryResponse },
      },
    },
    async (req) => ({ ...(await subs().retryRenewal(req.userId())), status: 'pending' as const }),
  );
}
