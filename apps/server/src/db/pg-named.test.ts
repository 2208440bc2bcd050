import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';

const rowsOf = (result: unknown): unknown[] => (result as { rows: unknown[] }).rows;

describe.runIf(process.env.DATABASE_URL)(
  'PostgreSQL: parameterised statements are named (decision 192)',
  () => {
    let database: Database;
    const table = sql.identifier(`named_${randomBytes(4).toString('hex')}`);
    beforeAll(async () => {
      // One connection, so that the statements prepared are those this test sees.
      database = openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 1 });
      await database.db.execute(sql`CREATE TABLE ${table} (id int PRIMARY KEY, v text)`);
    });
    afterAll(async () => {
      await database.db.execute(sql`DROP TABLE IF EXISTS ${table}`);
      await database.close();
    });
    const prepared = async () =>
      rowsOf(
        await database.db.execute(
          sql`SELECT statement FROM pg_prepared_statements WHERE name LIKE 'amora%' AND statement LIKE ${`%${table.value}%`}`,
        ),
      ).length;

    it('a statement is prepared once per connection and answers each time with its own parameters', async () => {
      const { db } = database;
      for (let i = 0; i < 5; i++) await db.execute(sql`INSERT INTO ${table} VALUES (${i}, ${`v${i}`})`);
      const read = async (id: number) =>
        rowsOf(await db.execute(sql`SELECT v FROM ${table} WHERE id = ${id}`));
      expect(await read(3)).toEqual([{ v: 'v3' }]);
      expect(await read(4)).toEqual([{ v: 'v4' }]);
      expect(await read(9)).toEqual([]);
      // the insert and the select: one prepared statement each, however often they ran
      expect(await prepared()).toBe(2);
      await expect(db.execute(sql`INSERT INTO ${table} VALUES (${1}, ${'again'})`)).rejects.toMatchObject({
        cause: { code: '23505' },
      });
      expect(await read(1)).toEqual([{ v: 'v1' }]);
    });

    it('a statement whose columns changed under it fails once, then is prepared afresh', async () => {
      const { db } = database;
      const all = () => db.execute(sql`SELECT * FROM ${table} WHERE id = ${2}`);
      expect(rowsOf(await all())).toEqual([{ id: 2, v: 'v2' }]);
      await db.execute(sql`ALTER TABLE ${table} ADD COLUMN extra text DEFAULT 'x'`);
      // PostgreSQL refuses the cached plan (another node migrated); the next use parses again.
      await expect(all()).rejects.toMatchObject({ cause: { code: '0A000' } });
      expect(rowsOf(await all())).toEqual([{ id: 2, v: 'v2', extra: 'x' }]);
    });
  },
);
