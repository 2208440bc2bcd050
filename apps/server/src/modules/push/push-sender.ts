import webpush from 'web-push';

export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };
export type PushSendOptions = { ttlSeconds: number; topic?: string; urgency?: 'low' | 'normal' | 'high' };
/** The push service's answer: 201 (or any 2xx) accepted; 404/410 the subscription is gone. */
export type PushSendResult = { status: number };

export interface PushSender {
  send(target: PushTarget, payload: string, opts: PushSendOptions): Promise<PushSendResult>;
}

/**
 * The Web Push protocol (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption
 * (RFC 8291). The `web-push` library builds the request — encrypted body, Authorization: vapid,
 * Crypto-Key, Content-Encoding, TTL, Topic, Urgency — and we send it with fetch.
 */
export function createWebPushSender(opts: {
  vapid: { subject: string; publicKey: string; privateKey: string };
  timeoutMs?: number;
}): PushSender {
  return {
    async send(target, payload, sendOpts) {
      const details = webpush.generateRequestDetails(target, payload, {
        vapidDetails: opts.vapid,
        TTL: sendOpts.ttlSeconds,
        contentEncoding: 'aes128gcm',
        urgency: sendOpts.urgency ?? 'normal',
        ...(sendOpts.topic ? { topic: sendOpts.topic } : {}),
      });
      const res = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        ...(details.body ? { body: new Uint8Array(details.body) } : {}),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        redirect: 'error',
      });
      await res.arrayBuffer().catch(() => undefined);
      return { status: res.status };
    },
  };
}
