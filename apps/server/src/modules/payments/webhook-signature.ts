import { createHmac } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';
import { safeEqual } from '../../lib/tokens.ts';

/** How far a signed timestamp may be from our clock before the delivery counts as a replay. */
export const WEBHOOK_TOLERANCE_S = 300;

const hmac = (secret: string, timestamp: number, rawBody: Buffer | string) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');

/**
 * The signature header of the built-in sandbox processor, the same scheme as Stripe's:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
 */
export function signWebhook(
  secret: string,
  rawBody: Buffer | string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}

const badSignature = (why: string) => new AppError('UNAUTHORIZED', 'webhook.signatureRejected', { why });

/** Verifies a signature header on the exact raw bytes; throws 401 for a forged, stale or replayed delivery. */
export function verifyWebhookSignature(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  now = Date.now(),
  toleranceS = WEBHOOK_TOLERANCE_S,
): void {
  if (!header) throw badSignature('missing signature header');
  let timestamp: number | null = null;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const [k, v] = part.split('=', 2).map((s) => s.trim());
    if (k === 't' && v && /^\d{1,12}$/.test(v)) timestamp = Number(v);
    else if (k === 'v1' && v) candidates.push(v);
  }
  if (timestamp === null || candidates.length === 0) throw badSignature('malformed signature header');
  if (Math.abs(now / 1000 - timestamp) > toleranceS) throw badSignature('timestamp outside the tolerance');
  const expected = hmac(secret, timestamp, rawBody);
  if (!candidates.some((c) => safeEqual(c, expected))) throw badSignature('signature does not match');
}
