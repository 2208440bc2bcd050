import type { SubscriptionView } from '@amora/shared/subscriptions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminTestApp,
  eventually,
  signUp,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';
import * as kit from '../payments/payments-test-kit.ts';
import { createSubscriptionsRepository } from '../payments/subscriptions.repository.ts';

const MONTH_MS = 28 * 24 * 3600 * 1000;
let t: TestApp;
let admin: Session;

beforeAll(async () => {
  ({ t, admin } = await createAdminTestApp({ ...kit.FAST_SANDBOX, SANDBOX_DUPLICATE_RATE: '0.5' }));
});
afterAll(async () => t.close());

const services = () => t.app.ctx.services;
const renewUrl = (userId: string) => `/api/admin/users/${userId}/subscription/renew`;
const renew = (userId: string, as: Session | null = admin) =>
  t.app.inject({ method: 'POST', url: renewUrl(userId), ...(as ? { headers: bearer(as) } : {}) });

async function last(s: Session): Promise<SubscriptionView> {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/subscription/last', headers: bearer(s) });
  return res.json<{ subscription: SubscriptionView }>().subscription;
}

describe('POST /api/admin/users/:id/subscription/renew', () => {
  it('charges a 0341 subscriber now: the decline keeps access with NO_REBIL; a new card pays the next period', async () => {
    const s = await signUp(t.app);
    await kit.subscribeAndPay(t, s, 'plan-monthly', '4000000000000341');
    const end = new Date((await last(s)).expiryDate!);

    const res = await renew(s.userId);
    expect(res.statusCode, res.body).toBe(200);
    const { paymentId, status } = res.json<{ paymentId: string; status: string }>();
    expect(status).toBe('pending');
    const charge = (await services().payments.find(paymentId))!;
    expect(charge).toMatchObject({ type: 'subscription', amount: 1199 }); // the renewal's full price
    await kit.waitStatus(t, s, paymentId, 'declined');
    await eventually(async () => (await last(s)).renewalFailed, 400);

    expect(await last(s)).toMatchObject({ state: 'active', status: 'active', renewalFailed: true });
    const u = await services().users.getById(s.userId);
    expect(u.access).toBe('NO_REBIL');
    expect(u.subscriptionStatus).toBe('active');
    expect(u.subscriptionEnd!.getTime()).toBeGreaterThanOrEqual(end.getTime()); // access kept
    expect(u.tokens).toBe(500 + 1099);

    // The banner's way out: pay again with a card that works; the next period starts at the old end.
    await kit.subscribeAndPay(t, s, 'plan-monthly');
    const renewed = await last(s);
    expect(renewed).toMatchObject({ state: 'active', renewalFailed: false });
    expect(new Date(renewed.expiryDate!).getTime()).toBeGreaterThan(end.getTime() + MONTH_MS);
    const after = await services().users.getById(s.userId);
    expect(after.access).toBe('AVAILABLE');
    expect(after.tokens).toBe(500 + 2 * 1099);
  });

  it('charges a 4242 subscriber now: the next period and its tokens, once', async () => {
    const s = await signUp(t.app);
    await kit.subscribeAndPay(t, s, 'plan-monthly');
    const end = new Date((await last(s)).expiryDate!);

    const res = await renew(s.userId);
    expect(res.statusCode, res.body).toBe(200);
    const { paymentId } = res.json<{ paymentId: string }>();
    await kit.waitStatus(t, s, paymentId, 'success');
    await eventually(async () => new Date((await last(s)).expiryDate!).getTime() > end.getTime(), 400);
    expect(new Date((await last(s)).expiryDate!).getTime()).toBeGreaterThan(end.getTime() + MONTH_MS);
    expect((await services().users.getById(s.userId)).tokens).toBe(500 + 2 * 1099);
    expect((await services().users.getById(s.userId)).access).toBe('AVAILABLE');
  });

  it('refuses while a renewal charge is under way (409), so a sweep and an operator never charge twice', async () => {
    const s = await signUp(t.app);
    await kit.subscribeAndPay(t, s, 'plan-monthly');
    const sub = await last(s);
    const repo = createSubscriptionsRepository();
    const now = new Date();
    // The sweep (or an earlier click) claimed it a moment ago and is charging it.
    expect(await repo.claimRenewalNow(t.app.ctx.db, sub._id, now, 10 * 60_000)).not.toBeNull();
    expect(await repo.claimRenewalNow(t.app.ctx.db, sub._id, now, 10 * 60_000)).toBeNull();
    const res = await renew(s.userId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'A renewal charge for this subscription is already under way',
    });
    // Ten minutes on, a claim that never reached the processor can be taken again.
    const later = new Date(now.getTime() + 11 * 60_000);
    expect(await repo.claimRenewalNow(t.app.ctx.db, sub._id, later, 10 * 60_000)).not.toBeNull();
  });

  it('answers 404 without an active subscription (none, or cancelled), 401 to guests and 403 to other roles', async () => {
    const none = await signUp(t.app);
    expect((await renew(none.userId)).json()).toMatchObject({
      statusCode: 404,
      message: 'This user has no active subscription',
    });
    expect((await renew('no-such-user')).statusCode).toBe(404);

    const cancelled = await signUp(t.app);
    await kit.subscribeAndPay(t, cancelled, 'plan-monthly');
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscription/cancel',
      headers: bearer(cancelled),
    });
    expect(cancel.statusCode).toBe(200);
    expect((await renew(cancelled.userId)).statusCode).toBe(404);

    expect((await renew(cancelled.userId, null)).statusCode).toBe(401);
    const notAdmin = await renew(cancelled.userId, cancelled);
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await services().users.getById(cancelled.userId)).tokens).toBe(500 + 1099);
  });

  it('is in the OpenAPI with its response schema', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { post?: { responses?: Record<string, unknown> } }>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    }>();
    const op = doc.paths['/api/admin/users/{id}/subscription/renew']?.post;
    expect(JSON.stringify(op?.responses)).toContain('#/components/schemas/AdminRenewalResponse');
    expect(Object.keys(doc.components.schemas.AdminRenewalResponse?.properties ?? {})).toEqual([
      'paymentId',
      'status',
    ]);
  });
});
