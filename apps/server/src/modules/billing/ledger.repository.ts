import { and, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { users } from '../../db/schema/users.ts';

/** One change of a balance as the ledger stores it. */
export type LedgerChangeRow = {
  id: string;
  userId: string;
  delta: number;
  reason: string;
  reference: string | null;
  idempotencyKey: string;
};

/**
 * The whole change as two common table expressions of one statement: `ledger_upd` (the
 * conditional balance update of DESIGN §3) and `ledger_entry` (the entry, `returning id,
 * balance_after`), applied only when `when` holds and the key is new. `applyAtomic` runs it alone;
 * the chat send runs it inside its own statement (decision 120), so money still takes this one path.
 */
export function ledgerChangeCtes(e: LedgerChangeRow, when: SQL): SQL {
  return sql`ledger_upd as (
      update users
      set tokens = tokens + ${e.delta}, updated_at = now()
      where id = ${e.userId}
        and tokens + ${e.delta} >= 0
        and not exists (select 1 from ledger_entries where idempotency_key = ${e.idempotencyKey})
        and ${when}
      returning tokens
    ),
    ledger_entry as (
      insert into ledger_entries (id, user_id, delta, balance_after, reason, reference, idempotency_key)
      select ${e.id}, ${e.userId}, ${e.delta}::integer, ledger_upd.tokens, ${e.reason}, ${e.reference}::text, ${e.idempotencyKey}
      from ledger_upd
      returning id, balance_after
    )`;
}

export function createLedgerRepository() {
  return {
    async findByKey(db: DbOrTx, idempotencyKey: string) {
      const [row] = await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.idempotencyKey, idempotencyKey))
        .limit(1);
      return row ?? null;
    },
    async findByKeys(db: DbOrTx, keys: string[]) {
      if (!keys.length) return [];
      // One JSON parameter rather than one per key: a statement with hundreds of parameters is slow.
      return db
        .select()
        .from(ledgerEntries)
        .where(
          inArray(
            ledgerEntries.idempotencyKey,
            sql`(select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`,
          ),
        );
    },
    /** Sets the balance of a user whose row the caller's transaction holds locked. */
    async setBalance(db: DbOrTx, userId: string, tokens: number): Promise<void> {
      await db.update(users).set({ tokens, updatedAt: new Date() }).where(eq(users.id, userId));
    },
    async insertMany(
      db: DbOrTx,
      entries: {
        id: string;
        userId: string;
        delta: number;
        balanceAfter: number;
        reason: string;
        reference: string | null;
        idempotencyKey: string;
      }[],
    ): Promise<void> {
      if (!entries.length) return;
      // One JSON parameter for the whole batch (hundreds of rows × 7 parameters parse slowly).
      const rows = entries.map((e) => ({
        id: e.id,
        user_id: e.userId,
        delta: e.delta,
        balance_after: e.balanceAfter,
        reason: e.reason,
        reference: e.reference,
        idempotency_key: e.idempotencyKey,
      }));
      await db.execute(sql`
        insert into ledger_entries (id, user_id, delta, balance_after, reason, reference, idempotency_key)
        select e->>'id', e->>'user_id', (e->>'delta')::integer, (e->>'balance_after')::integer,
          e->>'reason', e->>'reference', e->>'idempotency_key'
        from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as x(e, n)
        order by n`);
    },
    /**
     * The conditional update of DESIGN §3: the balance changes only if it stays non-negative.
     * Returns the new balance, or null when the user is missing or cannot pay.
     */
    async changeBalance(db: DbOrTx, userId: string, delta: number): Promise<number | null> {
      const [row] = await db
        .update(users)
        .set({ tokens: sql`${users.tokens} + ${delta}`, updatedAt: new Date() })
        .where(and(eq(users.id, userId), gte(sql`${users.tokens} + ${delta}`, 0)))
        .returning({ tokens: users.tokens });
      return row ? row.tokens : null;
    },
    /**
     * The whole change in one statement (one round trip while the user's row is locked): the
     * conditional balance update and the entry insert, unless the key was already applied.
     * Returns the new entry, or null when the key exists or the balance cannot pay.
     */
    async applyAtomic(db: DbOrTx, e: LedgerChangeRow): Promise<{ id: string; balanceAfter: number } | null> {
      const result: unknown = await db.execute(sql`
        with ${ledgerChangeCtes(e, sql`true`)}
        select id, balance_after from ledger_entry`);
      // node-postgres and PGlite both answer { rows }.
      const row = (result as { rows: { id: string; balance_after: number | string }[] }).rows[0];
      return row ? { id: row.id, balanceAfter: Number(row.balance_after) } : null;
    },
    /** The account's balance (null: no such account). */
    async balance(db: DbOrTx, userId: string): Promise<number | null> {
      const [row] = await db
        .select({ tokens: users.tokens })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row ? row.tokens : null;
    },
    /** Reads the balance and locks the user row until the transaction ends. */
    async lockBalance(db: DbOrTx, userId: string): Promise<number | null> {
      const [row] = await db
        .select({ tokens: users.tokens })
        .from(users)
        .where(eq(users.id, userId))
        .for('update')
        .limit(1);
      return row ? row.tokens : null;
    },
    async insert(
      db: DbOrTx,
      entry: {
        id: string;
        userId: string;
        delta: number;
        balanceAfter: number;
        reason: string;
        reference: string | null;
        idempotencyKey: string;
      },
    ) {
      const [row] = await db.insert(ledgerEntries).values(entry).returning();
      return row!;
    },
    async listForUser(db: DbOrTx, userId: string, limit: number) {
      return db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId))
        .orderBy(desc(ledgerEntries.seq))
        .limit(limit);
    },
    async sumForUser(db: DbOrTx, userId: string): Promise<number> {
      const [row] = await db
        .select({ sum: sql<string | null>`sum(${ledgerEntries.delta})` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId));
      return Number(row?.sum ?? 0);
    },
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
