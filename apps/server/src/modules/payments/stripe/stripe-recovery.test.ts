import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signUp, type Session, type TestApp } from '../../../test/test-app.ts';
import * as kit from '../payments-test-kit.ts';
import { startStripeFake, type StripeFake } from './stripe-fake.ts';

/** Decisions 034, 035 with Stripe: reconciliation through the official client, and deleted accounts. */

const SECRET_KEY = 'sk_test_amora';
const WEBHOOK_SECRET = 'whsec_amora_test';
const stripe = new Stripe(SECRET_KEY);

let fake: StripeFake;
let t: TestApp;
kit.withLoopbackFake({
  start: startStripeFake,
  env: (url) => ({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: url,
    PUBLIC_URL: 'https://amora.example',
    RECOVERY_SWEEP_MS: '0',
  }),
  ready: (started) => ({ fake, t } = started),
});

const services = () => t.app.ctx.services;
const at = (ms: number) => new Date(Date.now() + ms);
const credits = (paymentId: string) => kit.credits(t, paymentId);

async function checkout(s: Session) {
  const c = await kit.purchase(t, s, 'pack-s', 'stripe');
  const payment = (await services().payments.find(c.paymentId))!;
  return { ...c, sessionId: payment.providerRef! };
}
const called = (method: string, path: string) =>
  fake.requests.filter((r) => r.method === method && r.path === path).length;

describe('Stripe reconciliation', () => {
  it('a paid session whose webhook never came is credited once by asking Stripe; the late webhook adds nothing', async () => {
    const s = await signUp(t.app);
    const before = await kit.balance(t, s.userId);
    const { paymentId, sessionId } = await checkout(s);
    fake.pay(sessionId);
    await services().payments.reconcile(at(11 * 60_000));
    expect(called('GET', `/v1/checkout/sessions/${sessionId}`)).toBeGreaterThanOrEqual(1);
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('success');
    expect(await kit.balance(t, s.userId)).toBe(before + 200);

    const session = fake.sessions.get(sessionId)!;
    const payload = JSON.stringify({
      id: `evt_late_${paymentId}`,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type: 'checkout.session.completed',
      data: { object: session },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(await credits(paymentId)).toBe(1);
  });

  it('an abandoned session is expired at Stripe (checkout.sessions.expire) and the payment fails', async () => {
    const s = await signUp(t.app);
    const { paymentId, sessionId } = await checkout(s);
    await services().payments.reconcile(at(11 * 60_000));
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('pending');
    await services().payments.reconcile(at(25 * 3_600_000));
    expect(called('POST', `/v1/checkout/sessions/${sessionId}/expire`)).toBe(1);
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('failed');
  });
});

describe('Stripe and deleted accounts', () => {
  it('deletion expires the open Checkout Session at Stripe', async () => {
    const s = await signUp(t.app);
    const { paymentId, sessionId } = await checkout(s);
    await services().users.deactivate(s.userId);
    expect(called('POST', `/v1/checkout/sessions/${sessionId}/expire`)).toBe(1);
    expect(fake.sessions.get(sessionId)!.status).toBe('expired');
    expect((await services().payments.find(paymentId))!.status).toBe('failed');
  });

  it('a session paid before the deletion could expire it is refunded through Stripe, never credited', async () => {
    const s = await signUp(t.app);
    const { paymentId, sessionId } = await checkout(s);
    fake.pay(sessionId); // the buyer paid on Stripe's page; the webhook has not come
    await services().users.deactivate(s.userId);
    const refunds = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.form.get('payment_intent')).toBe(fake.sessions.get(sessionId)!.payment_intent);
    const p = (await services().payments.find(paymentId))!;
    expect(p.status).toBe('refunded');
    expect(p.refundDueAt).toBeNull();
    expect(await credits(paymentId)).toBe(0);
  });
});
