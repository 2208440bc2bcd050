import {
  PushKeyResponse,
  PushSubscribeResponse,
  PushSubscriptionBody,
  PushUnsubscribeBody,
} from '@amora/shared/push.ts';
import type { AppInstance } from '../../app-types.ts';
import type { PushService } from './push.service.ts';

export function pushRoutes(app: AppInstance, push: PushService): void {
  const tags = ['push'];

  app.get(
    '/api/push/key',
    {
      schema: {
        tags,
        summary: 'The VAPID public key to pass as applicationServerKey to pushManager.subscribe',
        response: { 200: PushKeyResponse },
      },
    },
    async () => ({ publicKey: push.publicKey() }),
  );

  app.post(
    '/api/push/subscribe',
    {
      onRequest: [app.requireAuth],
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary:
          "Store this browser's PushSubscription (its toJSON()); she notifies it when she writes first. The same endpoint again replaces the old one",
        body: PushSubscriptionBody,
        response: { 201: PushSubscribeResponse },
      },
    },
    async (req, reply) => {
      await push.subscribe(req.userId(), req.body);
      return reply.code(201).send({ subscribed: true });
    },
  );

  app.delete(
    '/api/push/subscribe',
    {
      onRequest: [app.requireAuth],
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "Forget this browser's subscription (notifications turned off)",
        body: PushUnsubscribeBody,
        response: { 200: PushSubscribeResponse },
      },
    },
    async (req) => {
      await push.unsubscribe(req.userId(), req.body.endpoint);
      return { subscribed: false };
    },
  );
}
