import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementStats } from '../../db/client.ts';
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

  it('coalesces concurrent changes of one account (decision 090): each keeps its own key and answer, in order', async () => {
    const { userId } = await signUp(t.app); // 500 tokens
    const stats = statementStats(t.app.ctx.db);
    const before = stats.transactions;
    const changes = [
      { delta: -200, key: 'k1' },
      { delta: -200, key: 'k2' },
      { delta: -200, key: 'k3' }, // 100 left: refused
      { delta: 50, key: 'k4' },
      { delta: -100, key: 'k5' },
      { delta: -200, key: 'k1' }, // a replay of k1: its first answer
    ];
    const results = await Promise.allSettled(
      changes.map((c) =>
        ledger().apply({ userId, delta: c.delta, reason: 'admin', idempotencyKey: `co:${userId}:${c.key}` }),
      ),
    );
    // The first change found the account at rest and ran alone; the other five waited for it and
    // went together in one transaction.
    expect(stats.transactions - before).toBe(2);
    const answers = results.map((r) =>
      r.status === 'fulfilled' ? [r.value.applied, r.value.balance] : [(r.reason as AppError).code, null],
    );
    expect(answers).toEqual([
      [true, 300],
      [true, 100],
      ['INSUFFICIENT_TOKENS', null],
      [true, 150],
      [true, 50],
      [false, 300],
    ]);
    const ids = results.map((r) => (r.status === 'fulfilled' ? r.value.entryId : null));
    expect(ids[5]).toBe(ids[0]);
    expect(await balance(userId)).toBe(50);
    expect(await ledger().sum(userId)).toBe(50);
    const entries = (await ledger().entries(userId)).reverse();
    expect(entries.map((e) => [e.delta, e.balanceAfter])).toEqual([
      [500, 500],
      [-200, 300],
      [-200, 100],
      [50, 150],
      [-100, 50],
    ]);
  });

  it('a coalesced batch that cannot run answers each change on its own', async () => {
    // No such account: the batch rolls back and every change is tried alone, as before coalescing.
    const userId = 'no-such-user';
    const results = await Promise.allSettled(
      Array.from({ length: 3 }, (_, i) =>
        ledger().apply({ userId, delta: -1, reason: 'admin', idempotencyKey: `ghost:${i}` }),
      ),
    );
    for (const r of results) {
      expect(r.status).toBe('rejected');
      if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('INSUFFICIENT_TOKENS');
    }
  });

  it('1,000 concurrent debits on one balance: exactly what it pays for, in a handful of transactions', async () => {
    const { userId } = await signUp(t.app); // 500 tokens
    const stats = statementStats(t.app.ctx.db);
    const before = stats.transactions;
    const results = await Promise.allSettled(
      Array.from({ length: 1000 }, (_, i) =>
        ledger().apply({ userId, delta: -1, reason: 'message', idempotencyKey: `hot:${userId}:${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(500);
    expect(stats.transactions - before).toBeLessThanOrEqual(4);
    expect(await balance(userId)).toBe(0);
    expect(await ledger().sum(userId)).toBe(0);
  });
});
