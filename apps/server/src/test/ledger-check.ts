import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Rows of a raw query (node-postgres and PGlite both answer `{ rows }`). */
export async function queryRows<T>(db: Db, q: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(q);
  return (result as { rows: T[] }).rows;
}

/**
 * The ledger invariants of DESIGN §3, checked over the whole database: every user's balance is the
 * sum of their entries (and the last entry's balance_after), and no idempotency key appears twice.
 * Returns the problems found (empty when the chain holds).
 */
export async function ledgerProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(db, q);
  const sums = await rows<{ id: string; tokens: number; total: string | null; last: number | null }>(sql`
    select u.id, u.tokens,
      (select sum(e.delta) from ledger_entries e where e.user_id = u.id) as total,
      (select e.balance_after from ledger_entries e where e.user_id = u.id order by e.seq desc limit 1) as last
    from users u`);
  for (const r of sums) {
    const total = Number(r.total ?? 0);
    if (Number(r.tokens) !== total)
      problems.push(`user ${r.id}: balance ${r.tokens} but entries sum to ${total}`);
    if (r.last !== null && Number(r.last) !== Number(r.tokens))
      problems.push(`user ${r.id}: balance ${r.tokens} but the last entry says ${r.last}`);
  }
  const dups = await rows<{ k: string; n: string }>(sql`
    select idempotency_key as k, count(*) as n from ledger_entries group by idempotency_key having count(*) > 1`);
  for (const r of dups) problems.push(`idempotency key ${r.k} used ${r.n} times`);
  return problems;
}
