import { z } from 'zod';

/** GET /api/push/key: the server's VAPID public key (applicationServerKey of pushManager.subscribe). */
export const PushKeyResponse = z.object({ publicKey: z.string() }).meta({ id: 'PushKeyResponse' });
export type PushKeyResponse = z.infer<typeof PushKeyResponse>;

const base64url = z
  .string()
  .min(16)
  .max(512)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Expected a base64url value');

/** POST /api/push/subscribe: the browser's PushSubscription, as PushSubscription.toJSON() gives it. */
export const PushSubscriptionBody = z
  .object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2048),
    expirationTime: z.number().int().nonnegative().nullable().optional(),
    keys: z.object({ p256dh: base64url, auth: base64url }),
  })
  .meta({ id: 'PushSubscriptionBody' });
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

/** DELETE /api/push/subscribe: forget this browser's subscription. */
export const PushUnsubscribeBody = z
  .object({ endpoint: z.url().max(2048) })
  .meta({ id: 'PushUnsubscribeBody' });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBody>;

export const PushSubscribeResponse = z
  .object({ subscribed: z.boolean() })
  .meta({ id: 'PushSubscribeResponse' });
export type PushSubscribeResponse = z.infer<typeof PushSubscribeResponse>;

/** What a notification carries to the service worker (it shows it and opens `url` on click). */
export const PushPayload = z.object({
  title: z.string(),
  body: z.string(),
  /** One notification per chat: a newer one replaces the older. */
  tag: z.string(),
  url: z.string(),
  icon: z.string().optional(),
});
export type PushPayload = z.infer<typeof PushPayload>;
