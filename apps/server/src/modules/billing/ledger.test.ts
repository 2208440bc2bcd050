import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ledger = () => t.app.ctx.services.ledger;
const balance = async (userId: string) => (await t.app.ctx.services.users.getById(userId)).tokens;

describe('token ledger', () => {
  it('N parallel debits on a balance that pays for k: exactly k succeed and the entries sum to the balance', async () => {
    const { userId } = await signUp(t.app); // 500 tokens
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        ledger().apply({ userId, delta: -30, reason: 'message', idempotencyKey: `par:${userId}:${i}` }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(16); // 16 * 30 = 480 <= 500 < 510
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).code).toBe('INSUFFICIENT_TOKENS');
    }
    expect(await balance(userId)).toBe(20);
    expect(await ledger().sum(userId)).toBe(20);
  });

  it('applies one idempotency key once, even when retried concurrently', async () => {
    const { userId } = await signUp(t.app);
    const key = `retry:${userId}`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        ledger().apply({ userId, delta: -100, reason: 'gift', idempotencyKey: key }),
      ),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect(await balance(userId)).toBe(400);
    expect(await ledger().sum(userId)).toBe(400);
  });

  it('never lets a balance go below zero and records balanceAfter on each entry', async () => {
    const { userId } = await signUp(t.app);
    await expect(
      ledger().apply({ userId, delta: -501, reason: 'admin', idempotencyKey: `big:${userId}` }),
    ).rejects.toMatchObject({
      code: 'INSUFFICIENT_TOKENS',
    });
    await ledger().apply({ userId, delta: -500, reason: 'admin', idempotencyKey: `all:${userId}` });
    await ledger().apply({ userId, delta: 25, reason: 'reward', idempotencyKey: `credit:${userId}` });
    const entries = await ledger().entries(userId);
    expect(entries.map((e) => [e.delta, e.balanceAfter])).toEqual([
      [25, 25],
      [-500, 0],
      [500, 500],
    ]);
  });

  it('refuses fractional amounts', async () => {
    const { userId } = await signUp(t.app);
    await expect(
      ledger().apply({ userId, delta: -1.5, reason: 'admin', idempotencyKey: `frac:${userId}` }),
    ).rejects.toThrow();
    expect(await balance(userId)).toBe(500);
  });
});
