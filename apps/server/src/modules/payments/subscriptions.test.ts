import type { SubscriptionView } from '@amora/shared/subscriptions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  eventually,
  signUp,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';
import * as kit from './payments-test-kit.ts';
import { createSubscriptionsRepository } from './subscriptions.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...kit.FAST_SANDBOX, SANDBOX_DUPLICATE_RATE: '0.5' });
});
afterAll(async () => t.close());

const services = () => t.app.ctx.services;
const DAY = 24 * 3600 * 1000;

const subscribe = (s: Session, planId: string) => kit.subscribe(t, s, planId);
const payStatus = (s: Session, paymentId: string) => kit.paymentStatus(t, s, paymentId);
const subscribeAndPay = (s: Session, planId: string, card?: string) =>
  kit.subscribeAndPay(t, s, planId, card);

async function last(s: Session): Promise<SubscriptionView | null> {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/subscription/last', headers: bearer(s) });
  expect(res.statusCode).toBe(200);
  return res.json<{ subscription: SubscriptionView | null }>().subscription;
}

const user = (s: Session) => services().users.getById(s.userId);

/** Runs the renewal job as if it were `at`, then waits for the processor's webhooks. */
async function sweepAt(at: Date, until: () => Promise<boolean>) {
  await services().subscriptions.sweep(at);
  await eventually(until, 400);
}

describe('subscriptions', () => {
  it('refuses unknown plans and bad bodies; a guest has no subscription view', async () => {
    const s = await signUp(t.app);
    expect((await subscribe(s, 'plan-nope')).json()).toMatchObject({
      statusCode: 404,
      message: 'No such subscription plan',
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscribe',
      headers: bearer(s),
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(await last(s)).toBeNull();
    const guest = await t.app.inject({ method: 'GET', url: '/api/user/subscription/last' });
    expect(guest.statusCode).toBe(401);
  });

  it('monthly: first subscription 60 % off, 1 099 tokens, registration number and descriptor, then a renewal at full price', async () => {
    const s = await signUp(t.app);
    const paymentId = await subscribeAndPay(s, 'plan-monthly');
    const first = (await services().payments.find(paymentId))!;
    expect(first.amount).toBe(480); // 11.99 (tier 2) - 60 %
    expect((await user(s)).tokens).toBe(500 + 1099);
    const sub = (await last(s))!;
    expect(sub).toMatchObject({
      state: 'active',
      status: 'active',
      planType: 'monthly',
      renewalFailed: false,
      cardLast4: '4242',
    });
    expect(sub.registrationNumber).toMatch(/^AMR-\d{4}-\d{8}$/);
    expect(sub.billingDescriptor).toBe('AMORA*SANDBOX TEST');
    const end = new Date(sub.expiryDate!);
    expect(end.getTime() - Date.now()).toBeGreaterThan(27 * DAY);
    const u = await user(s);
    expect(u).toMatchObject({ subscriptionStatus: 'active', access: 'AVAILABLE', status: 'Paid' });

    // A second subscription while this one is active is refused.
    expect((await subscribe(s, 'plan-year')).json()).toMatchObject({ statusCode: 409, code: 'CONFLICT' });

    // The end date comes: the job charges the saved card, at the full price, and grants the month.
    await sweepAt(new Date(end.getTime() + 60_000), async () => (await user(s)).tokens === 500 + 2 * 1099);
    const renewed = (await last(s))!;
    expect(new Date(renewed.expiryDate!).getTime()).toBeGreaterThan(end.getTime() + 27 * DAY);
    expect(renewed.registrationNumber).toBe(sub.registrationNumber);
    // Sweeping again at the same moment charges nothing more.
    await services().subscriptions.sweep(new Date(end.getTime() + 60_000));
    await new Promise((r) => setTimeout(r, 150));
    expect((await user(s)).tokens).toBe(500 + 2 * 1099);
    expect(await services().ledger.sum(s.userId)).toBe(500 + 2 * 1099);
  });

  it('a failed renewal keeps access, sets NO_REBIL; retry fails again; paying with a new card clears it', async () => {
    const s = await signUp(t.app);
    await subscribeAndPay(s, 'plan-monthly', '4000000000000341'); // succeeds now, renewals are declined
    const sub = (await last(s))!;
    const end = new Date(sub.expiryDate!);
    await sweepAt(new Date(end.getTime() + 60_000), async () => (await last(s))!.renewalFailed);
    const failing = (await last(s))!;
    expect(failing).toMatchObject({ state: 'active', status: 'active', renewalFailed: true });
    const u = await user(s);
    expect(u.access).toBe('NO_REBIL');
    expect(u.subscriptionStatus).toBe('active');
    expect(u.subscriptionEnd!.getTime()).toBeGreaterThan(end.getTime()); // access kept for now
    expect(u.tokens).toBe(500 + 1099);

    // The banner's retry charges the same card: declined again.
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscription/retry',
      headers: bearer(s),
    });
    expect(retry.statusCode).toBe(200);
    const { paymentId } = retry.json<{ paymentId: string }>();
    await eventually(async () => (await payStatus(s, paymentId)) === 'declined', 400);
    expect((await user(s)).access).toBe('NO_REBIL');

    // Update payment details: a new card pays the next period; no first-time discount any more.
    const newPayment = await subscribeAndPay(s, 'plan-monthly');
    expect((await services().payments.find(newPayment))!.amount).toBe(1199);
    expect((await last(s))!.renewalFailed).toBe(false);
    expect((await user(s)).access).toBe('AVAILABLE');
    expect((await user(s)).tokens).toBe(500 + 2 * 1099);
    const retryNone = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscription/retry',
      headers: bearer(s),
    });
    expect(retryNone.json()).toMatchObject({ statusCode: 409 });
  });

  it('the banner retry is refused (409) while another renewal charge is under way, so the card is not charged twice', async () => {
    const s = await signUp(t.app);
    await subscribeAndPay(s, 'plan-monthly', '4000000000000341');
    const end = new Date((await last(s))!.expiryDate!);
    await sweepAt(new Date(end.getTime() + 60_000), async () => (await last(s))!.renewalFailed);
    const sub = (await last(s))!;
    const countPayments = async () =>
      (await t.app.ctx.db.query.payments.findMany({ where: (p, { eq }) => eq(p.userId, s.userId) })).length;
    const before = await countPayments();
    // A sweep (or the operator) has just claimed this renewal and is charging the card.
    const claimed = await createSubscriptionsRepository().claimRenewalNow(
      t.app.ctx.db,
      sub._id,
      new Date(),
      600_000,
    );
    expect(claimed).not.toBeNull();
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscription/retry',
      headers: bearer(s),
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({ code: 'CONFLICT' });
    expect(await countPayments()).toBe(before);
    // Leave nothing due for the later tests' sweeps.
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscription/cancel',
      headers: bearer(s),
    });
    expect(cancel.statusCode).toBe(200);
  });

  it('a trial is not discounted and renews at the monthly price', async () => {
    const s = await signUp(t.app);
    const paymentId = await subscribeAndPay(s, 'plan-trial');
    expect((await services().payments.find(paymentId))!.amount).toBe(149);
    const trial = (await last(s))!;
    expect(trial.planType).toBe('trial');
    expect((await user(s)).tokens).toBe(500 + 300);
    await sweepAt(
      new Date(new Date(trial.expiryDate!).getTime() + 60_000),
      async () => (await last(s))!.planType === 'monthly',
    );
    expect((await user(s)).tokens).toBe(500 + 300 + 1099);
    const payments = await t.app.ctx.db.query.payments.findMany({
      where: (p, { eq }) => eq(p.userId, s.userId),
    });
    const renewal = payments.find((p) => p.offerId === 'plan-monthly')!;
    expect(renewal.amount).toBe(1199);
  });

  it('cancel keeps access to the end date, then the subscription expires', async () => {
    const s = await signUp(t.app);
    await subscribeAndPay(s, 'plan-monthly');
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscription/cancel',
      headers: bearer(s),
    });
    expect(cancel.statusCode).toBe(200);
    const sub = cancel.json<{ subscription: SubscriptionView }>().subscription;
    expect(sub).toMatchObject({ state: 'canceled', status: 'cancelled', renewDate: null });
    expect((await user(s)).subscriptionStatus).toBe('active'); // still subscribed to the end date
    const end = new Date(sub.expiryDate!);
    // No renewal is charged at the end date; the subscription expires.
    const r = await services().subscriptions.sweep(new Date(end.getTime() + 60_000));
    expect(r.renewals).toBe(0);
    expect((await last(s))!.status).toBe('expired');
    expect((await user(s)).subscriptionStatus).toBe('expired');
    expect((await user(s)).tokens).toBe(500 + 1099);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscription/cancel',
      headers: bearer(s),
    });
    expect(again.statusCode).toBe(404);
  });

  it('a quarterly plan grants 1 099 tokens each month, once', async () => {
    const s = await signUp(t.app);
    await subscribeAndPay(s, 'plan-quarterly');
    expect((await user(s)).tokens).toBe(500 + 1099);
    const start = Date.now();
    const r1 = await services().subscriptions.sweep(new Date(start + 31 * DAY + 60_000));
    expect(r1.grants).toBe(1);
    const r2 = await services().subscriptions.sweep(new Date(start + 31 * DAY + 60_000));
    expect(r2.grants).toBe(0);
    await services().subscriptions.sweep(new Date(start + 62 * DAY + 60_000));
    expect((await user(s)).tokens).toBe(500 + 3 * 1099);
    // Nothing more inside this period (month 3 ends it).
    expect((await services().subscriptions.sweep(new Date(start + 80 * DAY))).grants).toBe(0);
    expect(await services().ledger.sum(s.userId)).toBe(500 + 3 * 1099);
  });

  it('/user/delete-card: the sandbox forgets the card, the view shows none; the renewal then asks for a card', async () => {
    const s = await signUp(t.app);
    const other = await signUp(t.app);
    await subscribeAndPay(s, 'plan-monthly');
    await subscribeAndPay(other, 'plan-monthly');
    const before = (await last(s))!;
    expect(before.cardLast4).toBe('4242');
    const saved = (await createSubscriptionsRepository().lastForUser(t.app.ctx.db, s.userId))!.savedMethod!;
    const del = (who: Session) =>
      t.app.inject({ method: 'POST', url: '/api/user/delete-card', headers: bearer(who) });
    expect((await t.app.inject({ method: 'POST', url: '/api/user/delete-card' })).statusCode).toBe(401);

    const res = await del(s);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscription).toMatchObject({ state: 'active', cardLast4: null });
    expect((await last(s))!.cardLast4).toBeNull();
    // The processor no longer has it: a charge of it is declined as a card that does not exist.
    const charge = await services().sandbox.chargeCard({
      cardId: saved,
      reference: 'probe',
      amount: 100,
      currency: 'USD',
      description: 'probe',
    });
    expect(charge).toMatchObject({ status: 'declined', message: 'The saved card does not exist.' });
    expect((await del(s)).json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    // Another user's card is untouched.
    expect((await last(other))!.cardLast4).toBe('4242');

    const end = new Date(before.expiryDate!);
    await services().subscriptions.sweep(new Date(end.getTime() + 60_000));
    expect((await user(s)).access).toBe('NO_REBIL');
    expect((await last(s))!.renewalFailed).toBe(true);
  });

  it('deleting the account cancels the active subscription, so it is never charged again', async () => {
    const s = await signUp(t.app);
    await subscribeAndPay(s, 'plan-monthly');
    expect((await last(s))?.state).toBe('active');
    const del = await t.app.inject({
      method: 'POST',
      url: '/api/user/delete',
      headers: bearer(s),
      payload: { confirm: true },
    });
    expect(del.statusCode).toBeLessThan(300);
    const sub = await services().subscriptions.last(s.userId);
    expect(sub?.state).toBe('canceled');
    expect(sub?.renewDate).toBeNull();
  });
});
