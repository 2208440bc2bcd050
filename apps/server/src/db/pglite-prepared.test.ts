import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { createPreparedRunner } from './pglite-prepared.ts';

const rowsOf = (result: unknown): unknown[] => (result as { rows: unknown[] }).rows;

describe('PGlite prepared statements (decision 191)', () => {
  let raw: PGlite;
  beforeAll(async () => {
    raw = new PGlite();
    await raw.exec(
      `CREATE TABLE p (id int PRIMARY KEY, v text, at timestamptz, j jsonb, tags text[], ok boolean, n numeric, big bigint)`,
    );
  });
  afterAll(() => raw.close());

  // The runner is compared with PGlite's own unnamed `query` on the same client, statements and rows.
  const reset = () =>
    raw.exec(`DELETE FROM p; INSERT INTO p VALUES
      (1, 'x', '2025-05-05T05:05:05Z', '{"k": null}', '{one,two}', false, 2.25, 42), (2, 'y', null, null, null, null, null, null)`);
  const cases: Array<[string, unknown[]]> = [
    [
      `INSERT INTO p VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [
        10,
        'ten',
        new Date('2026-01-02T03:04:05Z'),
        { a: [1, 'x'] },
        ['a', 'b"c'],
        true,
        '1.50',
        9007199254740993n,
      ],
    ],
    [`INSERT INTO p (id, v) VALUES ($1, $2) RETURNING id, v, at, j, tags, ok`, [11, null]],
    [`SELECT * FROM p WHERE id = ANY($1::int[]) ORDER BY id`, [[1, 2]]],
    [`SELECT count(*) AS c, max(v) AS m FROM p WHERE v IS DISTINCT FROM $1`, ['zzz']],
    [`UPDATE p SET v = $1 WHERE id > $2`, ['updated', 0]],
    [`DELETE FROM p WHERE id = $1 RETURNING v`, [2]],
    [`SELECT v, ok FROM p WHERE id = $1`, [404]],
    [`SELECT 1 AS one`, []],
  ];

  it('answers as PGlite.query does: rows, fields, affected rows; objects and arrays; parsers override', async () => {
    const runner = createPreparedRunner(raw);
    const optionSets = [
      undefined,
      { rowMode: 'array' as const },
      { rowMode: 'object' as const, parsers: { [types.TIMESTAMPTZ]: (x: string) => `at ${x}` } },
    ];
    for (const options of optionSets)
      for (const [text, params] of cases) {
        // Prepared on first use (or reused from the previous option set), then reused.
        await reset();
        const first = await runner.run(text, params, options, false);
        await reset();
        const again = await runner.run(text, params, options, false);
        await reset();
        const unnamed = await raw.query(text, params, options);
        expect(first).toEqual(unnamed);
        expect(again).toEqual(unnamed);
      }
    expect(runner.size).toBe(cases.length);
  });

  it('keeps at most `max` statements, closing the least recently used, and stays correct', async () => {
    const prepared = async () =>
      (await raw.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements`)).rows[0]!.n;
    const before = await prepared();
    const runner = createPreparedRunner(raw, 3);
    for (let round = 0; round < 3; round++)
      for (let i = 0; i < 8; i++) {
        const r = await runner.run<{ x: number }>(`SELECT $1::int + ${i} AS x`, [round], undefined, false);
        expect(r.rows).toEqual([{ x: round + i }]);
      }
    expect(runner.size).toBe(3);
    // The last evictions are closed with the next call into the backend: at most max + those.
    expect((await prepared()) - before).toBeLessThanOrEqual(4);
  });

  it('a failing statement throws the database error with its text, and the next ones run', async () => {
    const runner = createPreparedRunner(raw);
    await raw.exec(`INSERT INTO p (id, v) VALUES (77, 'dup') ON CONFLICT DO NOTHING`);
    const err = await runner
      .run(`INSERT INTO p (id, v) VALUES ($1, $2)`, [77, 'again'], undefined, false)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', query: `INSERT INTO p (id, v) VALUES ($1, $2)` });
    await expect(runner.run(`SELECT nope FROM p`, [], undefined, false)).rejects.toMatchObject({
      code: '42703',
    });
    await expect(runner.run(`SELECT $1::uuid AS u`, ['not a uuid'], undefined, false)).rejects.toMatchObject({
      code: '22P02',
    });
    const ok = await runner.run(`SELECT v FROM p WHERE id = $1`, [77], undefined, false);
    expect(ok.rows).toEqual([{ v: 'dup' }]);
  });

  it('the same text with other declared parameter types is another statement', async () => {
    const runner = createPreparedRunner(raw);
    const text = `SELECT pg_typeof($1)::text AS t`;
    expect((await runner.run(text, ['1'], { paramTypes: [types.INT4] }, false)).rows).toEqual([
      { t: 'integer' },
    ]);
    expect((await runner.run(text, ['1'], { paramTypes: [types.TEXT] }, false)).rows).toEqual([
      { t: 'text' },
    ]);
    expect(runner.size).toBe(2);
  });

  it('a table that changed its columns is prepared again outside a transaction', async () => {
    const runner = createPreparedRunner(raw);
    await raw.exec(`CREATE TABLE s (id int PRIMARY KEY); INSERT INTO s VALUES (1)`);
    expect((await runner.run(`SELECT * FROM s WHERE id = $1`, [1], undefined, false)).rows).toEqual([
      { id: 1 },
    ]);
    await raw.exec(`ALTER TABLE s ADD COLUMN label text DEFAULT 'new'`);
    expect((await runner.run(`SELECT * FROM s WHERE id = $1`, [1], undefined, false)).rows).toEqual([
      { id: 1, label: 'new' },
    ]);
  });
});

describe.skipIf(process.env.DATABASE_URL)(
  'PGlite through the database layer: prepared, in and out of transactions',
  () => {
    let database: Database;
    beforeAll(async () => {
      database = openDatabase({ dataDir: 'memory://' });
      await database.db.execute(sql`CREATE TABLE q (id int PRIMARY KEY, v text)`);
    });
    afterAll(() => database.close());

    it('a rolled-back transaction undoes its prepared writes; concurrent statements each get their own answer', async () => {
      const { db } = database;
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO q VALUES (${1}, ${'gone'})`);
          await tx.execute(sql`INSERT INTO q VALUES (${1}, ${'duplicate'})`);
        }),
      ).rejects.toMatchObject({ cause: { code: '23505' } });
      expect(rowsOf(await db.execute(sql`SELECT * FROM q`))).toEqual([]);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          i % 2
            ? db.execute(sql`SELECT ${i}::int AS i`).then((r) => rowsOf(r)[0])
            : db.transaction(async (tx) => {
                await tx.execute(sql`INSERT INTO q VALUES (${i}, ${`v${i}`})`);
                return rowsOf(await tx.execute(sql`SELECT ${i}::int AS i`))[0];
              }),
        ),
      );
      expect(answers).toEqual(Array.from({ length: 40 }, (_, i) => ({ i })));
      expect(rowsOf(await db.execute(sql`SELECT count(*)::int AS n FROM q`))).toEqual([{ n: 20 }]);
    });
  },
);
