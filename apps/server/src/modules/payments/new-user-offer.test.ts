import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { bearer, createTestApp, signUp, type Session, type TestApp } from '../../test/test-app.ts';
import * as kit from './payments-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_WEBHOOK_DELAY_MS: '10', SANDBOX_RETRY_BASE_MS: '20' });
});
afterAll(() => t.close());

const buy = (s: Session) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/purchase',
    headers: bearer(s),
    payload: { packId: 'pack-welcome' },
  });

describe('the new-user offer (SPEC §9)', () => {
  it('a New user buys 1 599 tokens at the offer price; once Paid the offer is gone', async () => {
    const s = await signUp(t.app);
    const res = await buy(s);
    expect(res.statusCode).toBe(200);
    const { paymentId, checkoutUrl } = res.json<kit.Checkout>();
    expect((await kit.statusResponse(t, s, paymentId)).json()).toMatchObject({ amount: 799 });
    await kit.payWithCard(t, checkoutUrl, '4242424242424242');
    await kit.waitStatus(t, s, paymentId, 'success');
    const user = await t.app.ctx.services.users.getById(s.userId);
    expect(user.tokens).toBe(500 + 1599);
    expect(user.status).toBe('Paid');

    const again = await buy(s);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'FORBIDDEN', message: 'The new-user offer has ended' });
  });

  it('ends when its window after sign-up has passed', async () => {
    const s = await signUp(t.app);
    await t.app.ctx.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(users.id, s.userId));
    expect((await buy(s)).statusCode).toBe(403);
  });
});
