import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { createIdempotencyRepository } from './idempotency.repository.ts';
import { createIdempotencyService, IDEMPOTENCY_LEASE_MS } from './idempotency.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Answer = { n: number };
const read = (v: unknown) => v as Answer;
const conflictOf = (err: unknown) =>
  err instanceof AppError ? `${err.statusCode} ${err.code}` : String(err);

describe('idempotency keys (the shared mechanism)', () => {
  it('runs once per (user, scope, key); a replay gets the stored answer; no key runs every time', async () => {
    const svc = createIdempotencyService({ db: t.app.ctx.db });
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    let runs = 0;
    const run = () => Promise.resolve({ n: ++runs });
    const key = { userId: a.userId, scope: 'test:one', key: 'k-1' };
    expect(await svc.once(key, run, read)).toEqual({ n: 1 });
    expect(await svc.once(key, run, read)).toEqual({ n: 1 });
    expect(await svc.once({ ...key, scope: 'test:two' }, run, read)).toEqual({ n: 2 });
    expect(await svc.once({ ...key, userId: b.userId }, run, read)).toEqual({ n: 3 });
    expect(await svc.once(null, run, read)).toEqual({ n: 4 });
    expect(await svc.once(null, run, read)).toEqual({ n: 5 });
  });

  it('answers 409 while the first run is in flight, then the first answer', async () => {
    const svc = createIdempotencyService({ db: t.app.ctx.db });
    const a = await signUp(t.app);
    const key = { userId: a.userId, scope: 'test:inflight', key: 'k-2' };
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const first = svc.once(
      key,
      async () => {
        started();
        await gate;
        return { n: 1 };
      },
      read,
    );
    await running;
    const second = await svc.once(key, () => Promise.resolve({ n: 2 }), read).catch(conflictOf);
    expect(second).toBe('409 CONFLICT');
    open();
    expect(await first).toEqual({ n: 1 });
    expect(await svc.once(key, () => Promise.resolve({ n: 3 }), read)).toEqual({ n: 1 });
  });

  it('a failed run commits nothing and frees the key; an answer stored with the effect survives a later failure', async () => {
    const svc = createIdempotencyService({ db: t.app.ctx.db });
    const a = await signUp(t.app);
    const key = { userId: a.userId, scope: 'test:fail', key: 'k-3' };
    await expect(
      svc.once(key, () => Promise.reject(new AppError('INSUFFICIENT_TOKENS', 'tokens.insufficient')), read),
    ).rejects.toThrow();
    // The answer written inside a transaction that rolls back is gone with it.
    await expect(
      svc.once(
        key,
        (attempt) =>
          t.app.ctx.db.transaction(async (tx) => {
            await attempt.completeIn(tx, { n: 9 });
            throw new Error('rolled back');
          }),
        read,
      ),
    ).rejects.toThrow('rolled back');
    expect(await svc.once(key, () => Promise.resolve({ n: 4 }), read)).toEqual({ n: 4 });

    const committed = { ...key, key: 'k-3b' };
    await expect(
      svc.once(
        committed,
        async (attempt) => {
          await t.app.ctx.db.transaction((tx) => attempt.completeIn(tx, { n: 5 }));
          throw new Error('failed after the commit');
        },
        read,
      ),
    ).rejects.toThrow('failed after the commit');
    expect(await svc.once(committed, () => Promise.resolve({ n: 6 }), read)).toEqual({ n: 5 });
  });

  it('a run silent past the lease (its node died) is taken over; the old run can no longer store its answer', async () => {
    let clock = Date.now();
    const svc = createIdempotencyService({ db: t.app.ctx.db, now: () => new Date(clock) });
    const a = await signUp(t.app);
    const key = { userId: a.userId, scope: 'test:lease', key: 'k-4' };
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const stuck = svc.once(
      key,
      async (attempt) => {
        started();
        await gate;
        await t.app.ctx.db.transaction((tx) => attempt.completeIn(tx, { n: 1 }));
        return { n: 1 };
      },
      read,
    );
    await running;
    clock += IDEMPOTENCY_LEASE_MS + 1000;
    expect(await svc.once(key, () => Promise.resolve({ n: 2 }), read)).toEqual({ n: 2 });
    open();
    expect(await stuck.catch(conflictOf)).toBe('409 CONFLICT');
    const row = await createIdempotencyRepository().find(t.app.ctx.db, key);
    expect(row).toMatchObject({ state: 'done', answer: { n: 2 } });
  });
});
