import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminTestApp,
  eventually,
  signUp,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  ({ t, admin } = await createAdminTestApp({
    SANDBOX_WEBHOOK_DELAY_MS: '10',
    SANDBOX_RETRY_BASE_MS: '20',
  }));
});
afterAll(() => t.close());

let n = 0;
async function createCode(body: Record<string, unknown>): Promise<string> {
  const code = `TEST${Date.now().toString(36).toUpperCase()}${n++}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/promo-codes',
    headers: bearer(admin),
    payload: { code, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return code;
}

const post = (s: Session, path: string, code: string) =>
  t.app.inject({ method: 'POST', url: `/api/promocode/${path}`, headers: bearer(s), payload: { code } });

const entries = async (s: Session) =>
  (await t.app.inject({ method: 'GET', url: '/api/wallet', headers: bearer(s) })).json<{
    tokens: number;
    entries: { delta: number; reason: string }[];
  }>();

describe('promo codes', () => {
  it('check says what a bonus code gives; apply credits it through the ledger, once', async () => {
    const code = await createCode({ kind: 'bonus_tokens', amount: 150 });
    const user = await signUp(t.app);
    const check = await post(user, 'check', code.toLowerCase());
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ code, kind: 'bonus_tokens', amount: 150, expiresAt: null });

    const applied = await post(user, 'apply', code);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ kind: 'bonus_tokens', amount: 150, tokens: 650 });
    const wallet = await entries(user);
    expect(wallet.tokens).toBe(650);
    expect(wallet.entries[0]).toMatchObject({ delta: 150, reason: 'promo' });

    const twice = await post(user, 'apply', code);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'You have already used this promo code',
    });
    expect((await post(user, 'check', code)).statusCode).toBe(409);
    expect((await entries(user)).tokens).toBe(650);
  });

  it('concurrent applies by one user credit once', async () => {
    const code = await createCode({ kind: 'bonus_tokens', amount: 100 });
    const user = await signUp(t.app);
    const results = await Promise.all(Array.from({ length: 8 }, () => post(user, 'apply', code)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
    const wallet = await entries(user);
    expect(wallet.tokens).toBe(600);
    expect(wallet.entries.filter((e) => e.reason === 'promo')).toHaveLength(1);
  });

  it('a use limit holds under concurrency across users', async () => {
    const code = await createCode({ kind: 'bonus_tokens', amount: 10, maxUses: 2 });
    const users = await Promise.all(Array.from({ length: 5 }, () => signUp(t.app)));
    const results = await Promise.all(users.map((u) => post(u, 'apply', code)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
  });

  it('refuses expired, unknown, inactive codes and bad input', async () => {
    const user = await signUp(t.app);
    const expired = await createCode({
      kind: 'bonus_tokens',
      amount: 10,
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const res = await post(user, 'apply', expired);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: 'This promo code has expired' });
    expect((await post(user, 'check', expired)).statusCode).toBe(400);

    const unknown = await post(user, 'apply', 'NOSUCHCODE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Unknown promo code' });
    const inactive = await createCode({ kind: 'bonus_tokens', amount: 10, active: false });
    expect((await post(user, 'check', inactive)).statusCode).toBe(404);

    expect((await post(user, 'apply', 'a b;')).statusCode).toBe(400);
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/api/promocode/check',
      headers: bearer(user),
      payload: {},
    });
    expect(noBody.statusCode).toBe(400);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/promocode/apply',
      payload: { code: 'ABCDEF' },
    });
    expect(guest.statusCode).toBe(401);
    expect((await entries(user)).tokens).toBe(500);
  });

  it('only admins create codes; a duplicate or a discount over 90 % answers 4xx', async () => {
    const user = await signUp(t.app);
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: bearer(user),
      payload: { code: 'HACKME', kind: 'bonus_tokens', amount: 100000 },
    });
    expect(forbidden.statusCode).toBe(403);
    const code = await createCode({ kind: 'discount_percent', amount: 20 });
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: bearer(admin),
      payload: { code, kind: 'bonus_tokens', amount: 5 },
    });
    expect(dup.statusCode).toBe(409);
    const tooMuch = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: bearer(admin),
      payload: { code: 'FREEALL', kind: 'discount_percent', amount: 100 },
    });
    expect(tooMuch.statusCode).toBe(400);
  });

  it('a discount is taken by the next checkout, and given back when that payment is declined', async () => {
    const code = await createCode({ kind: 'discount_percent', amount: 10 });
    const user = await signUp(t.app);
    const applied = await post(user, 'apply', code);
    expect(applied.json()).toMatchObject({ kind: 'discount_percent', amount: 10, tokens: 500 });
    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/promocode/discount',
      headers: bearer(user),
    });
    expect(pending.json()).toEqual({ discount: { code, percent: 10 } });

    const buy = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payment/purchase',
        headers: bearer(user),
        payload: { packId: 'pack-s' },
      });
      return res.json<{ paymentId: string; checkoutUrl: string }>();
    };
    const amountOf = async (paymentId: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/payment/status/${paymentId}`, headers: bearer(user) })
      ).json<{ amount: number; status: string }>();

    // Two checkouts at once: exactly one gets the discount (tier 2 price 3.99 → 3.59).
    const [a, b] = await Promise.all([buy(), buy()]);
    const amounts = [(await amountOf(a.paymentId)).amount, (await amountOf(b.paymentId)).amount].sort();
    expect(amounts).toEqual([359, 399]);
    const discounted = (await amountOf(a.paymentId)).amount === 359 ? a : b;
    const none = await t.app.inject({ method: 'GET', url: '/api/promocode/discount', headers: bearer(user) });
    expect(none.json()).toEqual({ discount: null });

    // The discounted payment is declined: the discount waits for the next checkout again.
    await t.app.inject({
      method: 'POST',
      url: discounted.checkoutUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ number: '4000000000000002', expiry: '12/40', cvc: '123' }).toString(),
    });
    await eventually(async () => (await amountOf(discounted.paymentId)).status === 'declined', 400);
    const back = await t.app.inject({ method: 'GET', url: '/api/promocode/discount', headers: bearer(user) });
    expect(back.json()).toEqual({ discount: { code, percent: 10 } });
    expect((await amountOf((await buy()).paymentId)).amount).toBe(359);
  });
});
