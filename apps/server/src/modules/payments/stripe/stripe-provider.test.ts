import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { eventually, signUp, type Session, type TestApp } from '../../../test/test-app.ts';
import * as kit from '../payments-test-kit.ts';
import { startStripeFake, type StripeFake } from './stripe-fake.ts';

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
  }),
  ready: (started) => ({ fake, t } = started),
});

const services = () => t.app.ctx.services;
const balance = (s: Session) => kit.balance(t, s.userId);
let eventSeq = 0;

/** A Stripe event as its webhook delivers it. */
function event(type: string, object: Record<string, unknown>, id = `evt_test_${++eventSeq}`): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });
}

const deliver = (
  payload: string,
  signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });

/** Starts a Stripe checkout for a pack; answers our payment and the session the fake created. */
async function checkout(s: Session, packId = 'pack-s') {
  const c = await kit.purchase(t, s, packId, 'stripe');
  const payment = (await services().payments.find(c.paymentId))!;
  const session = fake.sessions.get(payment.providerRef!)!;
  return { ...c, payment, session };
}

const completed = (session: Record<string, unknown>, paymentId: string) =>
  event('checkout.session.completed', {
    ...session,
    status: 'complete',
    payment_status: 'paid',
    metadata: { paymentId },
  });

describe('Stripe Checkout', () => {
  it('creates a Checkout Session with our payment id, amount and return URLs', async () => {
    const s = await signUp(t.app);
    const { paymentId, checkoutUrl, payment } = await checkout(s, 'pack-m');
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const req = fake.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.form.get('client_reference_id') === paymentId,
    )!;
    expect(req.method).toBe('POST');
    expect(req.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(req.idempotencyKey).toBe(`checkout:${paymentId}`);
    expect(Object.fromEntries(req.form)).toMatchObject({
      mode: 'payment',
      // The card method carries the wallets (Apple Pay, Google Pay) on Stripe's page.
      'allowed_payment_method_types[0]': 'card',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '799',
      'line_items[0][price_data][product_data][name]': '550 tokens',
      'metadata[paymentId]': paymentId,
      'payment_intent_data[metadata][paymentId]': paymentId,
      success_url: `https://amora.example/paywall/processing?paymentId=${paymentId}`,
      cancel_url: 'https://amora.example/paywall',
    });
    expect(req.form.has('payment_intent_data[setup_future_usage]')).toBe(false);
    expect(req.form.has('allowed_payment_method_types[1]')).toBe(false);
    expect(payment).toMatchObject({ provider: 'stripe', amount: 799, currency: 'USD', status: 'pending' });
  });

  it('refuses a bad signature, another secret and a stale timestamp with 400; nothing is credited', async () => {
    const s = await signUp(t.app);
    const { paymentId, session } = await checkout(s);
    const body = completed(session, paymentId);
    expect((await deliver(body, 'garbage')).json()).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
    });
    const other = stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_other' });
    expect((await deliver(body, other)).statusCode).toBe(400);
    const stale = stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await deliver(body, stale)).statusCode).toBe(400);
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    const signedOriginal = stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: WEBHOOK_SECRET,
    });
    expect((await deliver(reformatted, signedOriginal)).statusCode).toBe(400);
    expect(await balance(s)).toBe(500);
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('pending');
  });

  it('checkout.session.completed credits once: replays, concurrent duplicates and the PaymentIntent event', async () => {
    const s = await signUp(t.app);
    const { paymentId, session } = await checkout(s);
    const body = completed(session, paymentId);
    expect((await deliver(body)).statusCode).toBe(200);
    expect(await balance(s)).toBe(700);
    // The same event again, and again at once: 2xx, applied once.
    const again = await Promise.all(Array.from({ length: 4 }, () => deliver(body)));
    expect(again.every((r) => r.statusCode === 200)).toBe(true);
    // Stripe's own payment_intent.succeeded for the same payment: no second credit.
    const pi = fake.intents.get(session.payment_intent as string)!;
    expect(
      (await deliver(event('payment_intent.succeeded', { ...pi, status: 'succeeded' }))).statusCode,
    ).toBe(200);
    expect(await balance(s)).toBe(700);
    expect(await services().ledger.sum(s.userId)).toBe(700);
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('success');
    expect((await services().users.getById(s.userId)).status).toBe('Paid');
  });

  it('is correct whatever the order: a failure after success is ignored, a failure then success credits', async () => {
    const s = await signUp(t.app);
    const a = await checkout(s);
    const piA = fake.intents.get(a.session.payment_intent as string)!;
    await deliver(event('payment_intent.succeeded', { ...piA, status: 'succeeded' }));
    await deliver(
      event('payment_intent.payment_failed', {
        ...piA,
        last_payment_error: { type: 'card_error', message: 'Your card was declined.' },
      }),
    );
    expect(await kit.paymentStatus(t, s, a.paymentId)).toBe('success');

    const b = await checkout(s);
    const piB = fake.intents.get(b.session.payment_intent as string)!;
    await deliver(
      event('payment_intent.payment_failed', {
        ...piB,
        last_payment_error: { type: 'card_error', message: 'Your card has insufficient funds.' },
      }),
    );
    expect((await kit.statusResponse(t, s, b.paymentId)).json()).toMatchObject({
      status: 'declined',
      message: 'Your card has insufficient funds.',
    });
    // The buyer tries again inside the same Checkout and succeeds.
    await deliver(completed(b.session, b.paymentId));
    expect(await kit.paymentStatus(t, s, b.paymentId)).toBe('success');
    expect(await balance(s)).toBe(900);
  });

  it('refund: stripe.refunds.create on the PaymentIntent, charge.refunded takes the tokens back once', async () => {
    const s = await signUp(t.app);
    const { paymentId, session, payment } = await checkout(s);
    await deliver(completed(session, paymentId));
    expect(await balance(s)).toBe(700);
    await services().payments.refund(paymentId);
    const refundReq = fake.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(Object.fromEntries(refundReq.form)).toEqual({
      payment_intent: session.payment_intent,
      amount: String(payment.amount),
    });
    expect(refundReq.idempotencyKey).toBe(`refund:${session.payment_intent as string}`);
    // The charge carries no metadata of ours: the adapter finds the payment through its PaymentIntent.
    const refunded = event('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: session.payment_intent,
      metadata: {},
      refunded: true,
    });
    await deliver(refunded);
    await deliver(refunded);
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('refunded');
    expect(await balance(s)).toBe(500);
    expect(await services().ledger.sum(s.userId)).toBe(500);
  });

  it('a chargeback on spent tokens stops at zero and keeps the shortfall; one before the success nets zero', async () => {
    const s = await signUp(t.app);
    const { paymentId, session } = await checkout(s);
    await deliver(completed(session, paymentId));
    await services().ledger.apply({
      userId: s.userId,
      delta: -650,
      reason: 'message',
      idempotencyKey: `spend:${s.userId}`,
    });
    const dispute = {
      id: 'dp_1',
      object: 'dispute',
      payment_intent: session.payment_intent,
      charge: 'ch_2',
      metadata: {},
      reason: 'fraudulent',
    };
    await deliver(event('charge.dispute.created', dispute));
    expect(await balance(s)).toBe(0);
    const row = (await services().payments.find(paymentId))!;
    expect(row).toMatchObject({ status: 'chargeback', clawbackShortfall: 150 });

    const s2 = await signUp(t.app);
    const c2 = await checkout(s2);
    await deliver(
      event('charge.dispute.created', { ...dispute, id: 'dp_2', payment_intent: c2.session.payment_intent }),
    );
    await deliver(completed(c2.session, c2.paymentId));
    expect(await kit.paymentStatus(t, s2, c2.paymentId)).toBe('chargeback');
    expect(await balance(s2)).toBe(500);
    expect(await services().ledger.sum(s2.userId)).toBe(500);
  });

  it('subscriptions save the card and renew off-session; a declined renewal sets NO_REBIL', async () => {
    const s = await signUp(t.app);
    const res = await kit.subscribe(t, s, 'plan-monthly', 'stripe');
    expect(res.statusCode, res.body).toBe(200);
    const { paymentId } = res.json<kit.Checkout>();
    const payment = (await services().payments.find(paymentId))!;
    const session = fake.sessions.get(payment.providerRef!)!;
    const req = fake.requests.find((r) => r.form.get('client_reference_id') === paymentId)!;
    expect(req.form.get('payment_intent_data[setup_future_usage]')).toBe('off_session');
    expect(req.form.get('customer_creation')).toBe('always');
    await deliver(completed(session, paymentId));
    expect(await balance(s)).toBe(500 + 1099);
    const sub = (await services().subscriptions.last(s.userId))!;
    expect(sub.state).toBe('active');
    expect(sub.billingDescriptor).toBe('AMORA*COMPANION');

    // The end date: an off-session PaymentIntent on the saved card, confirmed at once.
    const end = new Date(sub.expiryDate!);
    await services().subscriptions.sweep(new Date(end.getTime() + 60_000));
    const firstPi = fake.intents.get(session.payment_intent as string)!;
    const renewalReq = fake.requests
      .filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST')
      .at(-1)!;
    expect(Object.fromEntries(renewalReq.form)).toMatchObject({
      amount: '1199',
      currency: 'usd',
      customer: session.customer,
      payment_method: firstPi.payment_method,
      off_session: 'true',
      confirm: 'true',
    });
    const renewalId = renewalReq.form.get('metadata[paymentId]')!;
    expect(renewalReq.idempotencyKey).toBe(`renewal:${renewalId}`);
    const renewalPi = [...fake.intents.values()].find(
      (p) => (p.metadata as Record<string, string>).paymentId === renewalId,
    )!;
    await deliver(event('payment_intent.succeeded', renewalPi));
    await eventually(async () => (await balance(s)) === 500 + 2 * 1099);
    expect((await services().payments.find(renewalId))!.status).toBe('success');

    // The next renewal is declined by the bank: Stripe answers 402 and sends payment_intent.payment_failed.
    fake.declineMethods.add(firstPi.payment_method as string);
    const sub2 = (await services().subscriptions.last(s.userId))!;
    await services().subscriptions.sweep(new Date(new Date(sub2.expiryDate!).getTime() + 60_000));
    const declinedReq = fake.requests
      .filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST')
      .at(-1)!;
    const declinedId = declinedReq.form.get('metadata[paymentId]')!;
    expect(declinedId).not.toBe(renewalId);
    const declinedPi = [...fake.intents.values()].find(
      (p) => (p.metadata as Record<string, string>).paymentId === declinedId,
    )!;
    await deliver(
      event('payment_intent.payment_failed', {
        ...declinedPi,
        last_payment_error: { type: 'card_error', message: 'Your card was declined.' },
      }),
    );
    expect((await services().payments.find(declinedId))!.status).toBe('declined');
    expect((await services().users.getById(s.userId)).access).toBe('NO_REBIL');
    expect(await balance(s)).toBe(500 + 2 * 1099);
  });

  it('/user/delete-card detaches the saved card at Stripe and forgets it; a renewal then asks for a card', async () => {
    const s = await signUp(t.app);
    const { paymentId } = (await kit.subscribe(t, s, 'plan-monthly', 'stripe')).json<kit.Checkout>();
    const payment = (await services().payments.find(paymentId))!;
    const session = fake.sessions.get(payment.providerRef!)!;
    await deliver(completed(session, paymentId));
    const pm = fake.intents.get(session.payment_intent as string)!.payment_method as string;
    const del = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/delete-card',
        headers: { authorization: `Bearer ${s.token}` },
      });

    const res = await del();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscription).toMatchObject({ state: 'active', cardLast4: null });
    const detach = fake.requests.find((r) => r.path === `/v1/payment_methods/${pm}/detach`)!;
    expect(detach.method).toBe('POST');
    expect(detach.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(fake.detached.has(pm)).toBe(true);
    // Nothing left to remove.
    expect((await del()).json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });

    // The renewal finds no card: no charge, access kept for now and NO_REBIL (update your details).
    const sub = (await services().subscriptions.last(s.userId))!;
    await services().subscriptions.sweep(new Date(new Date(sub.expiryDate!).getTime() + 60_000));
    const ours = fake.requests.filter(
      (r) => r.path === '/v1/payment_intents' && r.form.get('customer') === session.customer,
    );
    expect(ours).toHaveLength(0);
    expect((await services().users.getById(s.userId)).access).toBe('NO_REBIL');
  });

  it('GET /api/payment/methods lists Stripe', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment/methods' });
    expect(res.json()).toMatchObject({ providers: ['sandbox', 'stripe'], stars: false });
  });

  it('ignores event types it does not use (2xx, nothing changes)', async () => {
    const res = await deliver(event('customer.created', { id: 'cus_x', object: 'customer' }));
    expect(res.statusCode).toBe(200);
  });
});
