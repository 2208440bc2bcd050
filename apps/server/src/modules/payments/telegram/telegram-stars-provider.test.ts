import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { signUp, type Session, type TestApp } from '../../../test/test-app.ts';
import * as kit from '../payments-test-kit.ts';
import { startBotApiFake, type BotApiFake } from './bot-api-fake.ts';
import { deriveTelegramWebhookSecret, TELEGRAM_SECRET_HEADER } from './telegram-stars-provider.ts';

const BOT_TOKEN = '123456:TEST-token';
const SECRET = 'tg-webhook-secret_1';

let fake: BotApiFake;
let t: TestApp;
kit.withLoopbackFake({
  start: () => startBotApiFake(BOT_TOKEN),
  env: (url) => ({ TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET: SECRET, TELEGRAM_API_URL: url }),
  ready: (started) => ({ fake, t } = started),
});

const services = () => t.app.ctx.services;
const balance = (s: Session) => kit.balance(t, s.userId);
let updateId = 1000;
const TG_USER = 777001;

const deliver = (update: object, secret: string | null = SECRET) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook/telegram',
    headers: { 'content-type': 'application/json', ...(secret ? { [TELEGRAM_SECRET_HEADER]: secret } : {}) },
    payload: JSON.stringify(update),
  });

const preCheckout = (payload: string, amount: number, id = `pcq_${++updateId}`) => ({
  update_id: ++updateId,
  pre_checkout_query: {
    id,
    from: { id: TG_USER, is_bot: false, first_name: 'Alex' },
    currency: 'XTR',
    total_amount: amount,
    invoice_payload: payload,
  },
});

const successfulPayment = (payload: string, amount: number, chargeId: string) => ({
  update_id: ++updateId,
  message: {
    message_id: updateId,
    date: Math.floor(Date.now() / 1000),
    chat: { id: TG_USER, type: 'private' },
    from: { id: TG_USER, is_bot: false, first_name: 'Alex' },
    successful_payment: {
      currency: 'XTR',
      total_amount: amount,
      invoice_payload: payload,
      telegram_payment_charge_id: chargeId,
      provider_payment_charge_id: '',
    },
  },
});

const answerFor = (queryId: string) =>
  fake.of('answerPreCheckoutQuery').find((c) => c.body.pre_checkout_query_id === queryId)?.body;

describe('Telegram Stars', () => {
  it('creates an invoice link in XTR with the price_tg amount and our payment id as payload', async () => {
    const s = await signUp(t.app);
    const { paymentId, checkoutUrl } = await kit.purchase(t, s, 'pack-s', 'telegram');
    expect(checkoutUrl).toMatch(/^https:\/\/t\.me\/\$fakeInvoice\d+$/);
    const call = fake.of('createInvoiceLink').find((c) => c.body.payload === paymentId)!;
    expect(call.token).toBe(BOT_TOKEN);
    expect(call.body).toMatchObject({
      currency: 'XTR',
      provider_token: '',
      payload: paymentId,
      prices: [{ amount: 250 }],
    });
    expect((await kit.statusResponse(t, s, paymentId)).json()).toMatchObject({
      status: 'pending',
      amount: 250,
      currency: 'XTR',
    });
  });

  it('refuses a webhook without the secret token, or with a wrong one (401), and bodies that are not updates', async () => {
    const s = await signUp(t.app);
    const { paymentId } = await kit.purchase(t, s, 'pack-s', 'telegram');
    const update = successfulPayment(paymentId, 250, `charge_nosecret_${paymentId}`);
    expect((await deliver(update, null)).json()).toMatchObject({
      statusCode: 401,
      code: 'UNAUTHORIZED',
    });
    expect((await deliver(update, 'tg-webhook-secret_2')).statusCode).toBe(401);
    expect((await deliver(update, SECRET.slice(0, -1))).statusCode).toBe(401);
    expect((await deliver({ hello: 1 })).statusCode).toBe(400);
    expect(await balance(s)).toBe(500);
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('pending');
  });

  it('answers pre_checkout_query: ok for a pending payment with the right amount, else an error message', async () => {
    const s = await signUp(t.app);
    const { paymentId } = await kit.purchase(t, s, 'pack-s', 'telegram');
    const good = preCheckout(paymentId, 250);
    expect((await deliver(good)).statusCode).toBe(200);
    expect(answerFor(good.pre_checkout_query.id)).toEqual({
      pre_checkout_query_id: good.pre_checkout_query.id,
      ok: true,
    });
    const wrongAmount = preCheckout(paymentId, 1);
    await deliver(wrongAmount);
    expect(answerFor(wrongAmount.pre_checkout_query.id)).toMatchObject({
      ok: false,
      error_message: expect.stringMatching(/price has changed/) as unknown,
    });
    const unknown = preCheckout('no-such-payment', 250);
    await deliver(unknown);
    expect(answerFor(unknown.pre_checkout_query.id)).toMatchObject({ ok: false });
    // Pre-checkout alone credits nothing.
    expect(await balance(s)).toBe(500);
  });

  it('successful_payment credits once: a replayed update and another update with the same charge id add nothing', async () => {
    const s = await signUp(t.app);
    const { paymentId } = await kit.purchase(t, s, 'pack-s', 'telegram');
    const paid = successfulPayment(paymentId, 250, `charge_${paymentId}`);
    expect((await deliver(paid)).statusCode).toBe(200);
    expect(await balance(s)).toBe(700);
    expect((await deliver(paid)).statusCode).toBe(200);
    await Promise.all([deliver(paid), deliver(paid)]);
    expect((await deliver(successfulPayment(paymentId, 250, `charge_${paymentId}`))).statusCode).toBe(200);
    expect(await balance(s)).toBe(700);
    expect(await services().ledger.sum(s.userId)).toBe(700);
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('success');
    expect((await services().payments.find(paymentId))!.providerRef).toBe(`${TG_USER}:charge_${paymentId}`);
    // A paid invoice cannot be paid again.
    const late = preCheckout(paymentId, 250);
    await deliver(late);
    expect(answerFor(late.pre_checkout_query.id)).toMatchObject({ ok: false });
  });

  it('refund: refundStarPayment with the buyer and charge id; the tokens go back once', async () => {
    const s = await signUp(t.app);
    const { paymentId } = await kit.purchase(t, s, 'pack-s', 'telegram');
    await deliver(successfulPayment(paymentId, 250, `charge_r_${paymentId}`));
    expect(await balance(s)).toBe(700);
    await services().payments.refund(paymentId);
    expect(fake.of('refundStarPayment').at(-1)!.body).toEqual({
      user_id: TG_USER,
      telegram_payment_charge_id: `charge_r_${paymentId}`,
    });
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('refunded');
    expect(await balance(s)).toBe(500);
    // Telegram's own refunded_payment message for the same charge changes nothing more.
    await deliver({
      update_id: ++updateId,
      message: {
        message_id: updateId,
        date: 0,
        chat: { id: TG_USER, type: 'private' },
        refunded_payment: {
          currency: 'XTR',
          total_amount: 250,
          invoice_payload: paymentId,
          telegram_payment_charge_id: `charge_r_${paymentId}`,
        },
      },
    });
    expect(await balance(s)).toBe(500);
    expect(await services().ledger.sum(s.userId)).toBe(500);
    // A second refund is refused: only a successful payment can be refunded.
    await expect(services().payments.refund(paymentId)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('GET /api/payment/methods says Stars can be used', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment/methods' });
    expect(res.json()).toMatchObject({ providers: ['sandbox', 'telegram'], stars: true, crypto: false });
  });

  it('acknowledges updates that are not about payments', async () => {
    const res = await deliver({
      update_id: ++updateId,
      message: { message_id: 1, date: 0, chat: { id: 1, type: 'private' }, text: 'hi' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('derives the webhook secret from the bot token when none is set', () => {
    const derived = deriveTelegramWebhookSecret(BOT_TOKEN);
    expect(derived).toMatch(/^[a-f0-9]{64}$/);
    expect(deriveTelegramWebhookSecret('other:token')).not.toBe(derived);
    expect(() => loadConfig({ TELEGRAM_WEBHOOK_SECRET: 'has spaces' })).toThrow(/TELEGRAM_WEBHOOK_SECRET/);
  });
});
