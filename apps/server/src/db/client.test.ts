import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase, type Database } from './client.ts';

/** Fails the test instead of hanging it: a deadlock on the single PGlite connection never settles. */
function settlesWithin<T>(p: Promise<T>, ms = 5_000): Promise<T> {
  return Promise.race([
    p,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms),
    ),
  ]);
}

const rowsOf = (result: unknown): unknown[] => (result as { rows: unknown[] }).rows;

describe.skipIf(process.env.DATABASE_URL)('PGlite: the database read from inside a transaction', () => {
  let database: Database;
  beforeAll(async () => {
    database = openDatabase({ dataDir: 'memory://' });
    await database.db.execute(sql`CREATE TABLE t (id int PRIMARY KEY, v text)`);
  });
  afterAll(() => database.close());

  it('a read on db inside a transaction joins it instead of waiting forever', async () => {
    const { db } = database;
    const seen = await settlesWithin(
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO t VALUES (1, 'inside')`);
        // e.g. a settings read whose cache expired, awaited mid-transaction
        const r = await db.execute(sql`SELECT v FROM t WHERE id = 1`);
        return rowsOf(r)[0];
      }),
    );
    expect(seen).toEqual({ v: 'inside' });
  });

  it('a transaction begun inside another is a savepoint: its failure undoes only its own work', async () => {
    const { db } = database;
    await settlesWithin(
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO t VALUES (2, 'outer')`);
        await expect(
          db.transaction(async (inner) => {
            await inner.execute(sql`INSERT INTO t VALUES (3, 'inner')`);
            throw new Error('inner fails');
          }),
        ).rejects.toThrow('inner fails');
        await db.transaction((inner) => inner.execute(sql`INSERT INTO t VALUES (4, 'inner ok')`));
      }),
    );
    const rows = await db.execute(sql`SELECT id FROM t WHERE id IN (2, 3, 4) ORDER BY id`);
    expect(rowsOf(rows)).toEqual([{ id: 2 }, { id: 4 }]);
  });

  it('a rolled-back transaction still rolls back, and queries after it run on their own', async () => {
    const { db } = database;
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO t VALUES (5, 'gone')`);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const concurrent = await settlesWithin(
      Promise.all([
        db.transaction((tx) => tx.execute(sql`INSERT INTO t VALUES (6, 'a')`)),
        db.execute(sql`SELECT count(*)::int AS n FROM t WHERE id = 5`),
      ]),
    );
    expect(rowsOf(concurrent[1])).toEqual([{ n: 0 }]);
  });

  it('queued transactions commit as a group (decision 121): a failing one undoes only its own work', async () => {
    const grouped = openDatabase({ dataDir: 'memory://', groupCommit: true });
    onTestFinished(() => grouped.close());
    const { db, stats } = grouped;
    await db.execute(sql`CREATE TABLE g (id int PRIMARY KEY)`);
    const before = stats.transactions;
    const outcomes = await settlesWithin(
      Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          db.transaction(async (tx) => {
            await tx.execute(sql`INSERT INTO g VALUES (${i})`);
            // The first of the group and a later one fail (a unique violation, a thrown error).
            if (i === 0 || i === 7) await tx.execute(sql`INSERT INTO g VALUES (${i})`);
            if (i === 9) throw new Error('no');
            return i;
          }),
        ),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(
      Array.from({ length: 12 }, (_, i) => ([0, 7, 9].includes(i) ? 'rejected' : 'fulfilled')),
    );
    const rows = rowsOf(await db.execute(sql`SELECT id FROM g ORDER BY id`)) as { id: number }[];
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 8, 10, 11]);
    // Fewer transactions than units: they were grouped.
    expect(stats.transactions - before).toBeLessThan(12);
  });

  it('with group commit off, every transaction is its own', async () => {
    const alone = openDatabase({ dataDir: 'memory://', groupCommit: false });
    try {
      await alone.db.execute(sql`CREATE TABLE h (id int PRIMARY KEY)`);
      const before = alone.stats.transactions;
      await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          alone.db.transaction((tx) => tx.execute(sql`INSERT INTO h VALUES (${i})`)),
        ),
      );
      expect(alone.stats.transactions - before).toBe(5);
    } finally {
      await alone.close();
    }
  });
});
