import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { signUp, type Session, type TestApp } from '../../../test/test-app.ts';
import * as kit from '../payments-test-kit.ts';
import { startBtcpayFake, type BtcpayFake } from './btcpay-fake.ts';
import { signBtcpayBody, toDecimalAmount } from './btcpay-provider.ts';

const STORE_ID = 'store_amora';
const API_KEY = 'btcpay_api_key_amora';
const WEBHOOK_SECRET = 'btcpay_webhook_secret_amora';

let fake: BtcpayFake;
let t: TestApp;
kit.withLoopbackFake({
  start: () => startBtcpayFake({ storeId: STORE_ID, apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET }),
  env: (url) => ({
    BTCPAY_URL: url,
    BTCPAY_STORE_ID: STORE_ID,
    BTCPAY_API_KEY: API_KEY,
    BTCPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PUBLIC_URL: 'https://amora.example',
    RECOVERY_SWEEP_MS: '0',
  }),
  ready: (started) => {
    ({ fake, t } = started);
    // The fake posts its signed webhooks to our route, in-process.
    fake.deliver = async (payload, headers) =>
      (await t.app.inject({ method: 'POST', url: '/api/payment/webhook/crypto', headers, payload }))
        .statusCode;
  },
});

const services = () => t.app.ctx.services;
const balance = (s: Session) => kit.balance(t, s.userId);
const deliver = (payload: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook/crypto',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });

/** Starts a crypto checkout for a pack; answers our payment and the invoice the fake created. */
async function checkout(s: Session, packId = 'pack-s') {
  const c = await kit.purchase(t, s, packId, 'crypto');
  const payment = (await services().payments.find(c.paymentId))!;
  const invoice = fake.invoices.get(payment.providerRef!)!;
  return { ...c, payment, invoice };
}

describe('BTCPay Server (crypto)', () => {
  it('creates an invoice with our payment id as orderId, the amount as a decimal and the return URL', async () => {
    const s = await signUp(t.app);
    const { paymentId, checkoutUrl, payment, invoice } = await checkout(s, 'pack-m');
    expect(checkoutUrl).toBe(`${fake.url}/i/${invoice.id}`);
    const req = fake.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path === `/api/v1/stores/${STORE_ID}/invoices` &&
        (r.body as { metadata?: { orderId?: string } }).metadata?.orderId === paymentId,
    )!;
    expect(req.authorization).toBe(`token ${API_KEY}`);
    expect(req.body).toMatchObject({
      amount: toDecimalAmount(payment.amount),
      currency: 'USD',
      metadata: { orderId: paymentId },
      checkout: { redirectURL: `https://amora.example/paywall/processing?paymentId=${paymentId}` },
    });
    expect(payment).toMatchObject({ provider: 'crypto', status: 'pending', providerRef: invoice.id });
  });

  it('paying on the hosted page settles the invoice; the webhook credits once, a redelivery adds nothing', async () => {
    const s = await signUp(t.app);
    const before = await balance(s);
    const { paymentId, invoice, payment } = await checkout(s);
    // The buyer presses "Pay" on the hosted page and is sent back to our processing page.
    const page = await fetch(`${fake.url}/i/${invoice.id}`);
    expect(await page.text()).toContain('>Pay</button>');
    const res = await fetch(`${fake.url}/i/${invoice.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      `https://amora.example/paywall/processing?paymentId=${paymentId}`,
    );
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('success');
    expect(await balance(s)).toBe(before + payment.tokens);
    const settled = fake.deliveries.find(
      (d) => JSON.parse(d.body).type === 'InvoiceSettled' && d.body.includes(invoice.id),
    )!;
    expect(settled.status).toBe(200);
    // BTCPay's "Redeliver" (a new deliveryId, the same originalDeliveryId), twice and at once.
    const again = await Promise.all([fake.redeliver(settled.deliveryId), fake.redeliver(settled.deliveryId)]);
    expect(again).toEqual([200, 200]);
    expect(await balance(s)).toBe(before + payment.tokens);
    expect(await kit.credits(t, paymentId)).toBe(1);
    expect(await services().ledger.sum(s.userId)).toBe(before + payment.tokens);
    expect((await services().users.getById(s.userId)).status).toBe('Paid');
  });

  it('refuses a missing, forged, other-secret or re-encoded signature with 401; nothing is credited', async () => {
    const s = await signUp(t.app);
    const before = await balance(s);
    const { paymentId, invoice } = await checkout(s);
    const body = JSON.stringify({
      deliveryId: 'dlv_forged',
      originalDeliveryId: 'dlv_forged',
      isRedelivery: false,
      type: 'InvoiceSettled',
      timestamp: Math.floor(Date.now() / 1000),
      storeId: STORE_ID,
      invoiceId: invoice.id,
      metadata: { orderId: paymentId },
    });
    const missing = await deliver(body, {});
    expect(missing.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    expect((await deliver(body, { 'btcpay-sig': 'sha256=00' })).statusCode).toBe(401);
    expect((await deliver(body, { 'btcpay-sig': signBtcpayBody('another secret', body) })).statusCode).toBe(
      401,
    );
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    expect(
      (await deliver(reformatted, { 'btcpay-sig': signBtcpayBody(WEBHOOK_SECRET, body) })).statusCode,
    ).toBe(401);
    expect(await balance(s)).toBe(before);
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('pending');
    // The same body correctly signed is applied (uppercase hex is the same signature).
    const good = signBtcpayBody(WEBHOOK_SECRET, body).toUpperCase().replace('SHA256=', 'sha256=');
    expect((await deliver(body, { 'btcpay-sig': good })).statusCode).toBe(200);
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('success');
  });

  it('an invoice left to expire fails the payment and credits nothing', async () => {
    const s = await signUp(t.app);
    const before = await balance(s);
    const { paymentId, invoice } = await checkout(s);
    const res = await fetch(`${fake.url}/i/${invoice.id}/expire`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    expect((await kit.statusResponse(t, s, paymentId)).json()).toMatchObject({
      status: 'failed',
      message: 'The crypto invoice expired unpaid.',
    });
    expect(await balance(s)).toBe(before);
    expect(await kit.credits(t, paymentId)).toBe(0);
  });

  it('a settled invoice whose webhooks were lost is credited once by reconciliation; the late webhook adds nothing', async () => {
    const s = await signUp(t.app);
    const before = await balance(s);
    const { paymentId, invoice, payment } = await checkout(s);
    fake.dropWebhooks = true;
    try {
      await fake.pay(invoice.id);
    } finally {
      fake.dropWebhooks = false;
    }
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('pending');
    await services().payments.reconcile(new Date(Date.now() + 11 * 60_000));
    expect(
      fake.requests.some(
        (r) => r.method === 'GET' && r.path === `/api/v1/stores/${STORE_ID}/invoices/${invoice.id}`,
      ),
    ).toBe(true);
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('success');
    expect(await balance(s)).toBe(before + payment.tokens);
    const lost = fake.deliveries.find(
      (d) => JSON.parse(d.body).type === 'InvoiceSettled' && d.body.includes(invoice.id),
    )!;
    expect(await fake.redeliver(lost.deliveryId)).toBe(200);
    expect(await kit.credits(t, paymentId)).toBe(1);
    expect(await balance(s)).toBe(before + payment.tokens);
  });

  it('an unpaid invoice past the expiry window is marked invalid at BTCPay and the payment fails', async () => {
    const s = await signUp(t.app);
    const { paymentId, invoice } = await checkout(s);
    await services().payments.reconcile(new Date(Date.now() + 25 * 60 * 60_000));
    const mark = fake.requests.find(
      (r) => r.path === `/api/v1/stores/${STORE_ID}/invoices/${invoice.id}/status`,
    );
    expect(mark?.body).toEqual({ status: 'Invalid' });
    expect(fake.invoices.get(invoice.id)!.status).toBe('Invalid');
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('failed');
    expect(await kit.credits(t, paymentId)).toBe(0);
  });

  it('refund: a Fiat pull payment for the invoice; the tokens go back through the ledger once', async () => {
    const s = await signUp(t.app);
    const before = await balance(s);
    const { paymentId, invoice } = await checkout(s);
    await fake.pay(invoice.id);
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('success');
    await services().payments.refund(paymentId);
    expect(fake.refunds.filter((r) => r.invoiceId === invoice.id)).toHaveLength(1);
    expect(fake.refunds.find((r) => r.invoiceId === invoice.id)!.body).toMatchObject({
      refundVariant: 'Fiat',
    });
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('refunded');
    expect(await balance(s)).toBe(before);
    expect(await services().ledger.sum(s.userId)).toBe(before);
    // A second refund is refused: the payment is no longer successful.
    await expect(services().payments.refund(paymentId)).rejects.toMatchObject({ statusCode: 403 });
    expect(fake.refunds.filter((r) => r.invoiceId === invoice.id)).toHaveLength(1);
  });

  it('GET /api/payment/methods reports crypto', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment/methods' });
    expect(res.json()).toMatchObject({ providers: ['sandbox', 'crypto'], crypto: true, stars: false });
  });

  it('ignores other event types and other stores (2xx, nothing changes)', async () => {
    const s = await signUp(t.app);
    const { paymentId, invoice } = await checkout(s);
    for (const [type, storeId] of [
      ['InvoiceCreated', STORE_ID],
      ['InvoiceSettled', 'another_store'],
    ] as const) {
      const body = JSON.stringify({
        deliveryId: `dlv_${type}_${storeId}`,
        type,
        storeId,
        invoiceId: invoice.id,
        metadata: { orderId: paymentId },
      });
      expect((await deliver(body, { 'btcpay-sig': signBtcpayBody(WEBHOOK_SECRET, body) })).statusCode).toBe(
        200,
      );
    }
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('pending');
  });

  it('config: the four BTCPAY_* settings go together; PAYMENT_PROVIDER=crypto needs them', () => {
    const all = {
      BTCPAY_URL: 'https://btcpay.example.com',
      BTCPAY_STORE_ID: STORE_ID,
      BTCPAY_API_KEY: API_KEY,
      BTCPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    };
    expect(loadConfig(all).BTCPAY_URL).toBe('https://btcpay.example.com');
    expect(() => loadConfig({ ...all, BTCPAY_WEBHOOK_SECRET: '' })).toThrow(/must be set together/);
    expect(() => loadConfig({ BTCPAY_API_KEY: API_KEY })).toThrow(/must be set together/);
    expect(() => loadConfig({ ...all, BTCPAY_URL: 'not a url' })).toThrow(/BTCPAY_URL/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'crypto' })).toThrow(/PAYMENT_PROVIDER=crypto/);
    expect(loadConfig({ ...all, PAYMENT_PROVIDER: 'crypto' }).PAYMENT_PROVIDER).toBe('crypto');
  });
});
