import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type Session, type TestApp } from '../../test/test-app.ts';
import * as kit from './payments-test-kit.ts';
import { SANDBOX_SIGNATURE_HEADER, type SandboxEvent } from './sandbox/sandbox-processor.ts';
import { signWebhook } from './webhook-signature.ts';

let t: TestApp;
beforeAll(async () => {
  // Every sandbox event is delivered twice, after a random delay: the credit must still happen once.
  t = await createTestApp({
    SANDBOX_WEBHOOK_DELAY_MS: '30',
    SANDBOX_DUPLICATE_RATE: '1',
    SANDBOX_PROCESSING_MS: '300',
    SANDBOX_RETRY_BASE_MS: '20',
  });
});
afterAll(async () => t.close());

const services = () => t.app.ctx.services;
const balance = (userId: string) => kit.balance(t, userId);
const purchase = (s: Session, packId = 'pack-s') => kit.purchase(t, s, packId);
const payWithCard = (checkoutUrl: string, number: string, expiry?: string, cvc?: string) =>
  kit.payWithCard(t, checkoutUrl, number, expiry, cvc);
const status = (s: Session, paymentId: string) => kit.statusResponse(t, s, paymentId);
const waitStatus = (s: Session, paymentId: string, want: string) => kit.waitStatus(t, s, paymentId, want);
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('POST /api/payment/purchase', () => {
  it('refuses guests, bad bodies and unknown packs with clear errors', async () => {
    const s = await signUp(t.app);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/payment/purchase',
      payload: { packId: 'pack-s' },
    });
    expect(guest.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/payment/purchase',
      headers: bearer(s),
      payload: {},
    });
    expect(bad.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/payment/purchase',
      headers: bearer(s),
      payload: { packId: 'pack-nope' },
    });
    expect(unknown.json()).toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'No such token pack',
    });
    const provider = await t.app.inject({
      method: 'POST',
      url: '/api/payment/purchase',
      headers: bearer(s),
      payload: { packId: 'pack-s', provider: 'stripe' },
    });
    expect(provider.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
  });

  it('GET /api/payment/methods: only the built-in sandbox here, no Stars, no crypto', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment/methods' });
    expect(res.json()).toEqual({
      providers: ['sandbox'],
      defaultProvider: 'sandbox',
      stars: false,
      crypto: false,
    });
  });

  it('documents the payment routes, each webhook included, in the OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    for (const path of [
      '/api/payment/methods',
      '/api/payment/purchase',
      '/api/payment/webhook/{provider}',
      '/api/payment/webhook/stripe',
      '/api/payment/webhook/telegram',
    ])
      expect(Object.keys(doc.paths), path).toContain(path);
    expect(JSON.stringify(doc.paths['/api/payment/webhook/stripe'])).toContain('stripe-signature');
  });

  it("answers 404 for another user's payment", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const { paymentId } = await purchase(a);
    expect((await status(b, paymentId)).json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect((await status(a, paymentId)).json()).toMatchObject({
      status: 'pending',
      offerId: 'pack-s',
      tokens: 200,
    });
  });
});

describe('the sandbox card processor', () => {
  it('4242: the hosted page (TEST MODE) takes the card, the webhook credits the pack once and the user is Paid', async () => {
    const s = await signUp(t.app);
    const { paymentId, checkoutUrl } = await purchase(s, 'pack-m');
    expect(checkoutUrl).toMatch(/^\/sandbox\/pay\//);
    const page = await t.app.inject({ method: 'GET', url: checkoutUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('$7.99'); // tier 2 price of pack m

    const paid = await payWithCard(checkoutUrl, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/paywall/processing?paymentId=${paymentId}`);
    await waitStatus(s, paymentId, 'success');
    // The duplicate delivery arrives too; give it time, then check the credit happened once.
    await new Promise((r) => setTimeout(r, 150));
    expect(await balance(s.userId)).toBe(500 + 550);
    expect(await services().ledger.sum(s.userId)).toBe(1050);
    const entries = await services().ledger.entries(s.userId);
    expect(entries.filter((e) => e.reason === 'purchase')).toHaveLength(1);
    expect((await services().users.getById(s.userId)).status).toBe('Paid');

    // Paying the same session again does not charge again.
    const again = await payWithCard(checkoutUrl, '4242424242424242');
    expect(again.statusCode).toBe(303);
    await new Promise((r) => setTimeout(r, 150));
    expect(await balance(s.userId)).toBe(1050);
  });

  it('0002: declined, no tokens, the reason kept', async () => {
    const s = await signUp(t.app);
    const { paymentId, checkoutUrl } = await purchase(s);
    expect((await payWithCard(checkoutUrl, '4000000000000002')).statusCode).toBe(303);
    await waitStatus(s, paymentId, 'declined');
    expect((await status(s, paymentId)).json()).toMatchObject({ message: 'Your card was declined.' });
    expect(await balance(s.userId)).toBe(500);
    expect((await services().users.getById(s.userId)).status).toBe('New');
  });

  it('3220: sends the buyer to the confirm page, then the challenge completes the payment', async () => {
    const s = await signUp(t.app);
    const { paymentId, checkoutUrl } = await purchase(s);
    const res = await payWithCard(checkoutUrl, '4000 0000 0000 3220');
    expect(res.statusCode).toBe(303);
    const next = `${checkoutUrl}/confirm`;
    expect(res.headers.location).toBe(
      `/paywall/confirm?paymentId=${paymentId}&next=${encodeURIComponent(next)}`,
    );
    expect((await status(s, paymentId)).json()).toMatchObject({ status: 'pending' });
    const challenge = await t.app.inject({ method: 'GET', url: next });
    expect(challenge.body).toContain('Complete authentication');
    const done = await t.app.inject({
      method: 'POST',
      url: next,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ action: 'approve' }),
    });
    expect(done.headers.location).toBe(`/paywall/processing?paymentId=${paymentId}`);
    await waitStatus(s, paymentId, 'success');
    expect(await balance(s.userId)).toBe(700);
  });

  it('3220: a failed challenge declines', async () => {
    const s = await signUp(t.app);
    const { paymentId, checkoutUrl } = await purchase(s);
    await payWithCard(checkoutUrl, '4000000000003220');
    await t.app.inject({
      method: 'POST',
      url: `${checkoutUrl}/confirm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ action: 'fail' }),
    });
    await waitStatus(s, paymentId, 'declined');
    expect(await balance(s.userId)).toBe(500);
  });

  it('0077: stays processing for a while, then succeeds', async () => {
    const s = await signUp(t.app);
    const { paymentId, checkoutUrl } = await purchase(s);
    await payWithCard(checkoutUrl, '4000000000000077');
    expect((await status(s, paymentId)).json()).toMatchObject({ status: 'pending' });
    await waitStatus(s, paymentId, 'success');
    expect(await balance(s.userId)).toBe(700);
  });

  it('refuses bad numbers, past expiry and a missing CVC with clear messages', async () => {
    const s = await signUp(t.app);
    const { checkoutUrl } = await purchase(s);
    const cases: [string, string, string, string][] = [
      ['4242 4242 4242 4241', '12/40', '123', 'Your card number is invalid.'],
      ['4242', '12/40', '123', 'Your card number is incomplete.'],
      ['4242424242424242', '01/20', '123', "Your card's expiration date is in the past."],
      ['4242424242424242', '13/40', '123', "Your card's expiration month is invalid."],
      ['4242424242424242', '1240', '123', "Your card's expiration date is incomplete (MM/YY)."],
      ['4242424242424242', '12/40', '1', "Your card's security code is incomplete."],
      ['5555555555554444', '12/40', '123', 'real cards are not accepted'],
    ];
    for (const [number, expiry, cvc, message] of cases) {
      const res = await payWithCard(checkoutUrl, number, expiry, cvc);
      expect(res.statusCode, number + expiry + cvc).toBe(400);
      expect(res.body.replace(/&#39;/g, "'")).toContain(message);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/sandbox/pay/cs_missing' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/payment/webhook/:provider', () => {
  const secret = () => t.app.ctx.secrets.webhookSecret;

  async function pendingPayment(s: Session, packId = 'pack-s') {
    const { paymentId } = await purchase(s, packId);
    const p = (await services().payments.find(paymentId))!;
    return { paymentId, session: p.providerRef!, amount: p.amount };
  }

  function event(
    p: { paymentId: string; session: string; amount: number },
    type: SandboxEvent['type'],
    id: string,
  ): string {
    const e: SandboxEvent = {
      id,
      type,
      created: Math.floor(Date.now() / 1000),
      data: {
        session: p.session,
        reference: p.paymentId,
        amount: p.amount,
        currency: 'USD',
        card: null,
        message: null,
      },
    };
    return JSON.stringify(e);
  }

  const post = (body: string, signature: string | undefined, provider = 'sandbox') =>
    t.app.inject({
      method: 'POST',
      url: `/api/payment/webhook/${provider}`,
      headers: {
        'content-type': 'application/json',
        ...(signature ? { [SANDBOX_SIGNATURE_HEADER]: signature } : {}),
      },
      payload: body,
    });

  it('checks the signature on the raw body with a timestamp tolerance', async () => {
    const s = await signUp(t.app);
    const p = await pendingPayment(s);
    const body = event(p, 'payment.succeeded', `evt_sig_${p.paymentId}`);
    expect((await post(body, undefined)).json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    expect((await post(body, signWebhook('not-the-secret', body))).statusCode).toBe(401);
    expect((await post(body, 'garbage')).statusCode).toBe(401);
    // A captured delivery replayed later is refused: its timestamp is outside the tolerance.
    const old = Math.floor(Date.now() / 1000) - 3600;
    expect((await post(body, signWebhook(secret(), body, old))).statusCode).toBe(401);
    // Re-serialised JSON (same meaning, other bytes) is not what was signed.
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    expect((await post(reformatted, signWebhook(secret(), body))).statusCode).toBe(401);
    expect(await balance(s.userId)).toBe(500);

    const ok = await post(body, signWebhook(secret(), body));
    expect(ok.statusCode).toBe(200);
    expect(await balance(s.userId)).toBe(700);
    // The same event again (a redelivery): 2xx, applied once.
    expect((await post(body, signWebhook(secret(), body))).statusCode).toBe(200);
    expect(await balance(s.userId)).toBe(700);
  });

  it('refuses an unknown provider and a body that is not an event', async () => {
    const body = '{"hello":1}';
    expect((await post(body, signWebhook(secret(), body))).json()).toMatchObject({ statusCode: 400 });
    expect((await post(body, signWebhook(secret(), body), 'paypal')).statusCode).toBe(400);
    expect((await post(body, signWebhook(secret(), body), 'stripe')).statusCode).toBe(404);
  });

  it('concurrent duplicate deliveries credit once', async () => {
    const s = await signUp(t.app);
    const p = await pendingPayment(s);
    const body = event(p, 'payment.succeeded', `evt_dup_${p.paymentId}`);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => post(body, signWebhook(secret(), body))),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await balance(s.userId)).toBe(700);
    expect(await services().ledger.sum(s.userId)).toBe(700);
  });

  it('is correct whatever the order: processing after success does not undo it, a late decline is ignored', async () => {
    const s = await signUp(t.app);
    const p = await pendingPayment(s);
    for (const [type, id] of [
      ['payment.succeeded', 'a'],
      ['payment.processing', 'b'],
      ['payment.declined', 'c'],
    ] as const) {
      const body = event(p, type, `evt_ord_${p.paymentId}_${id}`);
      expect((await post(body, signWebhook(secret(), body))).statusCode).toBe(200);
    }
    expect((await status(s, p.paymentId)).json()).toMatchObject({ status: 'success' });
    expect(await balance(s.userId)).toBe(700);
  });

  it('a chargeback that arrives before the success takes back exactly what the late success credits', async () => {
    const s = await signUp(t.app);
    const p = await pendingPayment(s);
    const cb = event(p, 'payment.chargeback', `evt_cb_${p.paymentId}`);
    const ok = event(p, 'payment.succeeded', `evt_ok_${p.paymentId}`);
    await post(cb, signWebhook(secret(), cb));
    await post(ok, signWebhook(secret(), ok));
    expect((await status(s, p.paymentId)).json()).toMatchObject({ status: 'chargeback' });
    expect(await balance(s.userId)).toBe(500);
    expect(await services().ledger.sum(s.userId)).toBe(500);
  });

  it('a refund takes the tokens back; a chargeback on spent tokens stops at zero and records the shortfall', async () => {
    const s = await signUp(t.app);
    const first = await purchase(s);
    await payWithCard(first.checkoutUrl, '4242424242424242');
    await waitStatus(s, first.paymentId, 'success');
    expect(await balance(s.userId)).toBe(700);
    // The operator refunds it through the provider; the provider's webhook takes the tokens back.
    await services().payments.refund(first.paymentId);
    await waitStatus(s, first.paymentId, 'refunded');
    expect(await balance(s.userId)).toBe(500);

    const second = await pendingPayment(s);
    const ok2 = event(second, 'payment.succeeded', `evt_r2_${second.paymentId}`);
    await post(ok2, signWebhook(secret(), ok2));
    expect(await balance(s.userId)).toBe(700);
    // The user spends most of it.
    await services().ledger.apply({
      userId: s.userId,
      delta: -650,
      reason: 'message',
      idempotencyKey: `spend:${s.userId}`,
    });
    const cb = event(second, 'payment.chargeback', `evt_r3_${second.paymentId}`);
    await post(cb, signWebhook(secret(), cb));
    expect(await balance(s.userId)).toBe(0);
    expect(await services().ledger.sum(s.userId)).toBe(0);
    const row = (await services().payments.find(second.paymentId))!;
    expect(row.status).toBe('chargeback');
    expect(row.clawbackShortfall).toBe(150);
  });
});
