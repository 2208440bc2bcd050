import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';

/** Fails the test instead of hanging it: a deadlock on the single PGlite connection never settles. */
function settlesWithin<T>(p: Promise<T>, ms = 5_000): Promise<T> {
  return Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms)),
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
});
