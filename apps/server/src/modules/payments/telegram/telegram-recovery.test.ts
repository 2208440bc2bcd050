import { describe, expect, it } from 'vitest';
import { signUp, type TestApp } from '../../../test/test-app.ts';
import * as kit from '../payments-test-kit.ts';
import { startBotApiFake, type BotApiFake } from './bot-api-fake.ts';
import { TELEGRAM_SECRET_HEADER } from './telegram-stars-provider.ts';

/** Decisions 034, 035 with Telegram Stars: reconciliation through getStarTransactions, and deleted accounts. */

const BOT_TOKEN = '123456:TEST-token';
const SECRET = 'tg-webhook-secret_1';
const TG_USER = 777002;

let fake: BotApiFake;
let t: TestApp;
kit.withLoopbackFake({
  start: () => startBotApiFake(BOT_TOKEN),
  env: (url) => ({
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_WEBHOOK_SECRET: SECRET,
    TELEGRAM_API_URL: url,
    RECOVERY_SWEEP_MS: '0',
  }),
  ready: (started) => ({ fake, t } = started),
});

const services = () => t.app.ctx.services;
const at = (ms: number) => new Date(Date.now() + ms);
const credits = (paymentId: string) => kit.credits(t, paymentId);

describe('Telegram Stars reconciliation', () => {
  it('a Stars payment whose update never came is credited once from getStarTransactions; the late update adds nothing', async () => {
    const s = await signUp(t.app);
    const before = await kit.balance(t, s.userId);
    const { paymentId } = await kit.purchase(t, s, 'pack-s', 'telegram');
    const chargeId = fake.pay(paymentId, TG_USER, 250);
    await services().payments.reconcile(at(11 * 60_000));
    expect(fake.of('getStarTransactions').length).toBeGreaterThanOrEqual(1);
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('success');
    expect(await kit.balance(t, s.userId)).toBe(before + 200);
    // What a refund needs: the buyer and the charge.
    expect((await services().payments.find(paymentId))!.providerRef).toBe(`${TG_USER}:${chargeId}`);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/telegram',
      headers: { 'content-type': 'application/json', [TELEGRAM_SECRET_HEADER]: SECRET },
      payload: JSON.stringify({
        update_id: 99001,
        message: {
          message_id: 1,
          date: Math.floor(Date.now() / 1000),
          chat: { id: TG_USER, type: 'private' },
          from: { id: TG_USER, is_bot: false, first_name: 'Alex' },
          successful_payment: {
            currency: 'XTR',
            total_amount: 250,
            invoice_payload: paymentId,
            telegram_payment_charge_id: chargeId,
            provider_payment_charge_id: '',
          },
        },
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(await credits(paymentId)).toBe(1);
  });

  it('an invoice never paid becomes failed once it is too old, not pending for good', async () => {
    const s = await signUp(t.app);
    const { paymentId } = await kit.purchase(t, s, 'pack-s', 'telegram');
    await services().payments.reconcile(at(11 * 60_000));
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('pending');
    await services().payments.reconcile(at(25 * 3_600_000));
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('failed');
  });

  it('Stars paid for an account being deleted go back with refundStarPayment, never credited', async () => {
    const s = await signUp(t.app);
    const { paymentId } = await kit.purchase(t, s, 'pack-s', 'telegram');
    const chargeId = fake.pay(paymentId, TG_USER, 250);
    await services().users.deactivate(s.userId);
    expect(fake.of('refundStarPayment').map((c) => c.body)).toContainEqual({
      user_id: TG_USER,
      telegram_payment_charge_id: chargeId,
    });
    expect((await services().payments.find(paymentId))!.status).toBe('refunded');
    expect(await credits(paymentId)).toBe(0);
  });
});
