import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { creditKey } from './payments.service.ts';
import { bearer, createTestApp, eventually, type Session, type TestApp } from '../../test/test-app.ts';

/** Shared steps of the payment tests (packs, plans, the sandbox card page, statuses). */

export type Checkout = { paymentId: string; checkoutUrl: string };

/** Config for a quick sandbox: webhooks and their retries within milliseconds, no background renewal sweep. */
export const FAST_SANDBOX = {
  SANDBOX_WEBHOOK_DELAY_MS: '20',
  SANDBOX_RETRY_BASE_MS: '20',
  SUBSCRIPTION_SWEEP_MS: '0',
} as const;

/** A processor's loopback fake: a real HTTP server on a free port speaking the processor's wire format. */
export type LoopbackFake = { url: string; close: () => Promise<void> };

/**
 * For a test file: before its tests, starts the fake and a test app whose config (`env`) points at the
 * fake's URL (renewal sweeps off), and hands both to `ready`; after them, closes both.
 */
export function withLoopbackFake<F extends LoopbackFake>(opts: {
  start: () => Promise<F>;
  env: (fakeUrl: string) => Record<string, string>;
  ready: (started: { fake: F; t: TestApp }) => void;
}): void {
  let fake: F | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    fake = await opts.start();
    t = await createTestApp({ ...opts.env(fake.url), SUBSCRIPTION_SWEEP_MS: '0' });
    opts.ready({ fake, t });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
}

/** How many times a payment was credited (its ledger entries under the credit key): must be 0 or 1. */
export const credits = async (t: TestApp, paymentId: string): Promise<number> =>
  (
    await t.app.ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, creditKey(paymentId)))
  ).length;

export const balance = async (t: TestApp, userId: string) =>
  (await t.app.ctx.services.users.getById(userId)).tokens;

/** `POST /api/payment/purchase`; expects 200. */
export async function purchase(
  t: TestApp,
  s: Session,
  packId = 'pack-s',
  provider?: string,
): Promise<Checkout> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/purchase',
    headers: bearer(s),
    payload: { packId, ...(provider ? { provider } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Checkout>();
}

/** `POST /api/payment/subscribe` (the raw response: some tests expect a refusal). */
export const subscribe = (t: TestApp, s: Session, planId: string, provider?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/subscribe',
    headers: bearer(s),
    payload: { planId, ...(provider ? { provider } : {}) },
  });

/** Submits the sandbox's hosted card form. */
export const payWithCard = (t: TestApp, checkoutUrl: string, number: string, expiry = '12/40', cvc = '123') =>
  t.app.inject({
    method: 'POST',
    url: checkoutUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ number, expiry, cvc }).toString(),
  });

/** `GET /api/payment/status/:id` (the raw response). */
export const statusResponse = (t: TestApp, s: Session, paymentId: string) =>
  t.app.inject({ method: 'GET', url: `/api/payment/status/${paymentId}`, headers: bearer(s) });

export const paymentStatus = async (t: TestApp, s: Session, paymentId: string): Promise<string> =>
  (await statusResponse(t, s, paymentId)).json<{ status: string }>().status;

/** Waits until the payment reaches `want` (webhooks arrive after the response). */
export const waitStatus = (t: TestApp, s: Session, paymentId: string, want: string) =>
  eventually(async () => (await paymentStatus(t, s, paymentId)) === want, 400);

/** Subscribes and pays the sandbox checkout with `card`; resolves once the payment succeeded. */
export async function subscribeAndPay(
  t: TestApp,
  s: Session,
  planId: string,
  card = '4242424242424242',
): Promise<string> {
  const res = await subscribe(t, s, planId);
  expect(res.statusCode, res.body).toBe(200);
  const { paymentId, checkoutUrl } = res.json<Checkout>();
  expect((await payWithCard(t, checkoutUrl, card)).statusCode).toBe(303);
  await waitStatus(t, s, paymentId, 'success');
  return paymentId;
}
