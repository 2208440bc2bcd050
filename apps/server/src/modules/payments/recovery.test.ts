import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { sandboxOutbox } from '../../db/schema/payments.ts';
import { ledgerProblems } from '../../test/ledger-check.ts';
import { createTestApp, signUp, type Session, type TestApp } from '../../test/test-app.ts';
import * as kit from './payments-test-kit.ts';
import { ACCOUNT_DELETED_MESSAGE } from './payments.service.ts';

/**
 * Decisions 034 and 035: the sandbox's webhooks survive a crash (a persistent outbox), a payment
 * never stays pending (reconciliation asks the processor), and a deleted account's checkouts are
 * cancelled — one paid anyway is refunded at the processor, never credited.
 */

const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms);

let t: TestApp;
beforeAll(async () => {
  // Webhooks are held long enough that the test decides when they go (no in-process delivery races).
  t = await createTestApp({
    SANDBOX_WEBHOOK_DELAY_MS: '60000',
    SANDBOX_DUPLICATE_RATE: '1',
    SANDBOX_RETRY_BASE_MS: '20',
    SANDBOX_PROCESSING_MS: '600000',
    SUBSCRIPTION_SWEEP_MS: '0',
    RECOVERY_SWEEP_MS: '0',
  });
});
afterAll(async () => t?.close());

const services = () => t.app.ctx.services;
const credits = (paymentId: string) => kit.credits(t, paymentId);
const queued = async () => (await t.app.ctx.db.select().from(sandboxOutbox)).length;
const sessionOf = async (paymentId: string) => {
  const p = (await services().payments.find(paymentId))!;
  return (await services().sandbox.lookup(p.providerRef!))!.session;
};
/** A node that crashed: its in-process delivery timers are gone; only the outbox remains. */
const crash = () => services().sandbox.stop();

describe('sandbox webhooks survive a crash', () => {
  it('a paid session whose webhooks were queued in the killed process is delivered after restart, and credited once', async () => {
    const s = await signUp(t.app);
    const before = await kit.balance(t, s.userId);
    const { paymentId, checkoutUrl } = await kit.purchase(t, s);
    expect((await kit.payWithCard(t, checkoutUrl, '4242424242424242')).statusCode).toBe(303);
    crash();
    expect(await queued()).toBeGreaterThanOrEqual(2); // the event and its duplicate, stored
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('pending');

    // The next start (or any node's sweep) delivers what is due: both copies, one credit.
    const r = await services().sandbox.recover(at(HOUR));
    expect(r.delivered).toBeGreaterThanOrEqual(2);
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('success');
    expect(await kit.balance(t, s.userId)).toBe(before + 200);
    expect(await credits(paymentId)).toBe(1);
    expect((await services().sandbox.recover(at(HOUR))).delivered).toBe(0);
  });

  it('a processing payment whose wait died with its node completes on the sweep', async () => {
    const s = await signUp(t.app);
    const { paymentId, checkoutUrl } = await kit.purchase(t, s);
    await kit.payWithCard(t, checkoutUrl, '4000000000000077');
    expect((await sessionOf(paymentId)).status).toBe('processing');
    expect((await services().sandbox.recover(at(HOUR))).completed).toBe(1);
    expect((await sessionOf(paymentId)).status).toBe('succeeded');
    await services().sandbox.recover(at(HOUR));
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('success');
    expect(await credits(paymentId)).toBe(1);
  });
});

describe('reconciliation of pending payments', () => {
  it('a payment still pending after N minutes is settled by asking the processor; the late webhook adds nothing', async () => {
    const s = await signUp(t.app);
    const before = await kit.balance(t, s.userId);
    const { paymentId, checkoutUrl } = await kit.purchase(t, s);
    await kit.payWithCard(t, checkoutUrl, '4242424242424242');
    // Not yet due: a young pending payment is left to its webhook.
    await services().payments.reconcile(new Date());
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('pending');

    await services().payments.reconcile(at(11 * 60_000));
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('success');
    expect(await kit.balance(t, s.userId)).toBe(before + 200);
    // The webhooks arrive after all: whichever came first credited, once.
    await services().sandbox.recover(at(HOUR));
    expect(await credits(paymentId)).toBe(1);
    expect(await kit.balance(t, s.userId)).toBe(before + 200);
  });

  it('an abandoned checkout expires: cancelled at the processor, failed here, not pending for good', async () => {
    const s = await signUp(t.app);
    const { paymentId, checkoutUrl } = await kit.purchase(t, s);
    await services().payments.reconcile(at(HOUR)); // open, not yet expired: stays pending
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('pending');
    await services().payments.reconcile(at(25 * HOUR));
    expect(await kit.paymentStatus(t, s, paymentId)).toBe('failed');
    expect((await sessionOf(paymentId)).status).toBe('canceled');
    // The page cannot be paid any more.
    await kit.payWithCard(t, checkoutUrl, '4242424242424242');
    await services().sandbox.recover(at(26 * HOUR));
    expect(await credits(paymentId)).toBe(0);
  });
});

describe('deleted accounts', () => {
  it('deletion cancels an open checkout at the processor: paying it afterwards charges nothing', async () => {
    const s = await signUp(t.app);
    const { paymentId, checkoutUrl } = await kit.purchase(t, s);
    await services().users.deactivate(s.userId);
    expect((await sessionOf(paymentId)).status).toBe('canceled');
    expect((await services().payments.find(paymentId))!.status).toBe('failed');
    await kit.payWithCard(t, checkoutUrl, '4242424242424242');
    expect((await sessionOf(paymentId)).status).toBe('canceled');
    await services().sandbox.recover(at(HOUR));
    expect(await credits(paymentId)).toBe(0);
  });

  it('the race: paid at the processor before the deletion, its webhook after it → refunded at the processor, never credited', async () => {
    const s: Session = await signUp(t.app);
    const { paymentId, checkoutUrl } = await kit.purchase(t, s);
    // Gate 1: the buyer pays; the webhook is held in the outbox.
    await kit.payWithCard(t, checkoutUrl, '4242424242424242');
    expect((await sessionOf(paymentId)).status).toBe('succeeded');
    // Gate 2: the account is deleted (its cancellation finds the session already paid).
    await services().users.deactivate(s.userId);
    // Gate 3: the held webhooks arrive.
    await services().sandbox.recover(at(HOUR));
    const p = (await services().payments.find(paymentId))!;
    expect(p.status).toBe('refunded');
    expect(p.failureMessage).toBe(ACCOUNT_DELETED_MESSAGE);
    expect(p.refundDueAt).toBeNull();
    expect((await sessionOf(paymentId)).status).toBe('refunded');
    expect(await credits(paymentId)).toBe(0);
    // The refund's own webhook takes nothing back from (or gives nothing to) the dead account.
    await services().sandbox.recover(at(2 * HOUR));
    expect(await credits(paymentId)).toBe(0);
    const entries = await t.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, s.userId));
    expect(entries.map((e) => e.reason).sort()).toEqual(['account_deleted', 'signup_bonus']);
  });

  it('the other order: the webhook settles after deletion with the cancellation lost → refunded once', async () => {
    const s = await signUp(t.app);
    const { paymentId, checkoutUrl } = await kit.purchase(t, s);
    await services().users.deactivate(s.userId);
    // A webhook for this payment arrives anyway (say the processor charged it before it saw the cancel).
    await kit.payWithCard(t, checkoutUrl, '4242424242424242');
    const p = (await services().payments.find(paymentId))!;
    expect(['failed', 'refunded']).toContain(p.status);
    expect(await credits(paymentId)).toBe(0);
    expect(await ledgerProblems(t.app.ctx.db)).toEqual([]);
  });
});

describe.skipIf(!(process.env.DATABASE_URL && process.env.REDIS_URL))('two nodes recovering at once', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createTestApp(
      {
        REDIS_URL: process.env.REDIS_URL!,
        SANDBOX_WEBHOOK_DELAY_MS: '60000',
        SUBSCRIPTION_SWEEP_MS: '0',
        RECOVERY_SWEEP_MS: '0',
      },
      {},
      t,
    );
  });
  afterAll(async () => b?.close());

  it('both deliver the outbox and reconcile the same payments: each is credited once', async () => {
    const users = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    const paymentIds: string[] = [];
    for (const s of users) {
      const { paymentId, checkoutUrl } = await kit.purchase(t, s);
      await kit.payWithCard(t, checkoutUrl, '4242424242424242');
      paymentIds.push(paymentId);
    }
    crash();
    const now = at(HOUR);
    await Promise.all([
      t.app.ctx.services.payments.reconcile(now),
      b.app.ctx.services.payments.reconcile(now),
      t.app.ctx.services.sandbox.recover(now),
      b.app.ctx.services.sandbox.recover(now),
    ]);
    for (const [i, s] of users.entries()) {
      expect(await kit.paymentStatus(t, s, paymentIds[i]!)).toBe('success');
      expect(await credits(paymentIds[i]!)).toBe(1);
    }
    expect(await ledgerProblems(t.app.ctx.db)).toEqual([]);
  });
});
