import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/users.ts';

/** A half-open UTC range [from, until) of timestamps. */
export type Range = { from: Date; until: Date };

async function rows<T>(db: DbOrTx, q: SQL): Promise<T[]> {
  const result: unknown = await db.execute(q);
  return (result as { rows: T[] }).rows;
}

const day = (col: SQL) => sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/**
 * Payments whose tokens were credited, with the moment of the credit (the ledger entry under the
 * payment's credit key): the one source of "paid" for every money figure (decision 087).
 */
const PAID = sql`paid AS (
  SELECT p.id, p.user_id, p.provider, p.currency, p.amount, p.type, p.subscription_id, l.created_at AS paid_at
  FROM payments p
  JOIN ledger_entries l ON l.idempotency_key = 'payment:' || p.id || ':credit'
)`;

/**
 * The operator's numbers, as SQL aggregates grouped by UTC day over the ledger, payments,
 * subscriptions, users and messages tables — never counters (issue 12 item 7).
 */
export function createInsightsRepository() {
  return {
    async signups(db: DbOrTx, r: Range, source?: string) {
      return rows<{ day: string; n: number }>(
        db,
        sql`SELECT ${day(sql`created_at`)} AS day, count(*)::int AS n FROM users
            WHERE created_at >= ${r.from} AND created_at < ${r.until}
            ${source === undefined ? sql`` : sql`AND (utm_source = ${source} OR affiliate_platform = ${source})`}
            GROUP BY 1`,
      );
    },
    /** Per day: her messages and his, and the distinct users who wrote. */
    async messages(db: DbOrTx, r: Range) {
      return rows<{ day: string; messages: number; replies: number; active: number }>(
        db,
        sql`SELECT ${day(sql`created_at`)} AS day,
              count(*) FILTER (WHERE self)::int AS messages,
              count(*) FILTER (WHERE NOT self)::int AS replies,
              count(DISTINCT user_id) FILTER (WHERE self)::int AS active
            FROM messages WHERE created_at >= ${r.from} AND created_at < ${r.until} GROUP BY 1`,
      );
    },
    async activeUsersTotal(db: DbOrTx, r: Range): Promise<number> {
      const [row] = await rows<{ n: number }>(
        db,
        sql`SELECT count(DISTINCT user_id)::int AS n FROM messages
            WHERE self AND created_at >= ${r.from} AND created_at < ${r.until}`,
      );
      return row?.n ?? 0;
    },
    async revenue(db: DbOrTx, r: Range, source?: string) {
      return rows<{ day: string; provider: string; currency: string; amount: number; payments: number }>(
        db,
        sql`WITH ${PAID}
            SELECT ${day(sql`paid.paid_at`)} AS day, paid.provider, paid.currency,
              sum(paid.amount)::float8 AS amount, count(*)::int AS payments
            FROM paid ${source === undefined ? sql`` : sql`JOIN users u ON u.id = paid.user_id AND (u.utm_source = ${source} OR u.affiliate_platform = ${source})`}
            WHERE paid.paid_at >= ${r.from} AND paid.paid_at < ${r.until}
            GROUP BY 1, 2, 3`,
      );
    },
    /** Per day: distinct paying users and users whose first ever payment it was. */
    async payers(db: DbOrTx, r: Range, source?: string) {
      const who =
        source === undefined
          ? sql``
          : sql`JOIN users u ON u.id = paid.user_id AND (u.utm_source = ${source} OR u.affiliate_platform = ${source})`;
      const paying = await rows<{ day: string; n: number }>(
        db,
        sql`WITH ${PAID}
            SELECT ${day(sql`paid.paid_at`)} AS day, count(DISTINCT paid.user_id)::int AS n FROM paid ${who}
            WHERE paid.paid_at >= ${r.from} AND paid.paid_at < ${r.until} GROUP BY 1`,
      );
      const first = await rows<{ day: string; n: number }>(
        db,
        sql`WITH ${PAID}, firsts AS (SELECT paid.user_id, min(paid.paid_at) AS at FROM paid ${who} GROUP BY 1)
            SELECT ${day(sql`at`)} AS day, count(*)::int AS n FROM firsts
            WHERE at >= ${r.from} AND at < ${r.until} GROUP BY 1`,
      );
      const [total] = await rows<{ n: number }>(
        db,
        sql`WITH ${PAID}
            SELECT count(DISTINCT paid.user_id)::int AS n FROM paid ${who}
            WHERE paid.paid_at >= ${r.from} AND paid.paid_at < ${r.until}`,
      );
      return { paying, first, total: total?.n ?? 0 };
    },
    /** Users who signed up in the range and made their first payment in it too. */
    async convertedSignups(db: DbOrTx, r: Range): Promise<number> {
      const [row] = await rows<{ n: number }>(
        db,
        sql`WITH ${PAID}, firsts AS (SELECT user_id, min(paid_at) AS at FROM paid GROUP BY 1)
            SELECT count(*)::int AS n FROM users u JOIN firsts f ON f.user_id = u.id
            WHERE u.created_at >= ${r.from} AND u.created_at < ${r.until}
              AND f.at >= ${r.from} AND f.at < ${r.until}`,
      );
      return row?.n ?? 0;
    },
    /** Tokens credited and debited per day and ledger reason. */
    async tokens(db: DbOrTx, r: Range) {
      return rows<{ day: string; reason: string; credited: number; debited: number }>(
        db,
        sql`SELECT ${day(sql`created_at`)} AS day, reason,
              coalesce(sum(delta) FILTER (WHERE delta > 0), 0)::float8 AS credited,
              coalesce(-sum(delta) FILTER (WHERE delta < 0), 0)::float8 AS debited
            FROM ledger_entries WHERE created_at >= ${r.from} AND created_at < ${r.until} GROUP BY 1, 2`,
      );
    },
    /** Subscription payments: the first credit of a subscription starts it, every later one renews it. */
    async subscriptionPayments(db: DbOrTx, r: Range) {
      return rows<{ day: string; started: number; renewed: number }>(
        db,
        sql`WITH ${PAID}, subs AS (
              SELECT paid_at, row_number() OVER (PARTITION BY subscription_id ORDER BY paid_at, id) AS k
              FROM paid WHERE type = 'subscription' AND subscription_id IS NOT NULL)
            SELECT ${day(sql`paid_at`)} AS day,
              count(*) FILTER (WHERE k = 1)::int AS started, count(*) FILTER (WHERE k > 1)::int AS renewed
            FROM subs WHERE paid_at >= ${r.from} AND paid_at < ${r.until} GROUP BY 1`,
      );
    },
    /** Renewal charges that failed or were declined (a subscription already paid once). */
    async subscriptionFailures(db: DbOrTx, r: Range) {
      return rows<{ day: string; n: number }>(
        db,
        sql`WITH ${PAID}
            SELECT ${day(sql`p.updated_at`)} AS day, count(*)::int AS n FROM payments p
            WHERE p.type = 'subscription' AND p.status IN ('failed', 'declined')
              AND p.updated_at >= ${r.from} AND p.updated_at < ${r.until}
              AND EXISTS (SELECT 1 FROM paid q WHERE q.subscription_id = p.subscription_id AND q.paid_at < p.created_at)
            GROUP BY 1`,
      );
    },
    async subscriptionCancels(db: DbOrTx, r: Range) {
      return rows<{ day: string; n: number }>(
        db,
        sql`SELECT ${day(sql`canceled_at`)} AS day, count(*)::int AS n FROM subscriptions
            WHERE canceled_at >= ${r.from} AND canceled_at < ${r.until} GROUP BY 1`,
      );
    },
    /** Refunds and chargebacks: the ledger's reversal entry of a payment, with the payment's money. */
    async reversals(db: DbOrTx, r: Range) {
      return rows<{
        day: string;
        kind: 'refund' | 'chargeback';
        currency: string;
        amount: number;
        payments: number;
      }>(
        db,
        sql`SELECT ${day(sql`l.created_at`)} AS day, l.reason AS kind, p.currency,
              sum(p.amount)::float8 AS amount, count(*)::int AS payments
            FROM payments p JOIN ledger_entries l ON l.idempotency_key = 'payment:' || p.id || ':reversal'
            WHERE l.created_at >= ${r.from} AND l.created_at < ${r.until} GROUP BY 1, 2, 3`,
      );
    },
    async topByMessages(db: DbOrTx, r: Range, limit: number) {
      return rows<{ botId: string; name: string; messages: number }>(
        db,
        sql`SELECT b.id AS "botId", b.name, count(*)::int AS messages
            FROM messages m JOIN chats c ON c.id = m.chat_id JOIN bots b ON b.id = c.bot_id
            WHERE m.self AND m.created_at >= ${r.from} AND m.created_at < ${r.until}
            GROUP BY b.id, b.name ORDER BY 3 DESC, b.name LIMIT ${limit}`,
      );
    },
    /** Tokens spent with each character (entries whose reference is her chat or a message in it), net of refunds. */
    async topByTokens(db: DbOrTx, r: Range, limit: number) {
      return rows<{ botId: string; name: string; tokens: number }>(
        db,
        sql`SELECT b.id AS "botId", b.name, (-sum(l.delta))::float8 AS tokens
            FROM ledger_entries l
            LEFT JOIN chats c1 ON c1.id = l.reference
            LEFT JOIN messages m ON m.id = l.reference
            LEFT JOIN chats c2 ON c2.id = m.chat_id
            JOIN bots b ON b.id = coalesce(c1.bot_id, c2.bot_id)
            WHERE l.created_at >= ${r.from} AND l.created_at < ${r.until}
            GROUP BY b.id, b.name HAVING -sum(l.delta) > 0 ORDER BY 3 DESC, b.name LIMIT ${limit}`,
      );
    },
    async setRole(
      db: DbOrTx,
      userId: string,
      role: UserRow['role'],
      partnerSource: string | null,
    ): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set({ role, partnerSource, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      return row ?? null;
    },
  };
}
export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
