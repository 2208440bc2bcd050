import { and, desc, eq, gt, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { subscriptions, type SubscriptionRow } from '../../db/schema/payments.ts';

type Patch = Partial<Omit<typeof subscriptions.$inferInsert, 'id' | 'userId'>>;

export function createSubscriptionsRepository() {
  return {
    async insert(db: DbOrTx, row: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
      const [r] = await db.insert(subscriptions).values(row).returning();
      return r!;
    },
    async lastForUser(db: DbOrTx, userId: string): Promise<SubscriptionRow | null> {
      const [r] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(desc(subscriptions.createdAt))
        .limit(1);
      return r ?? null;
    },
    /** The user's subscription that grants access now or is being paid for. */
    async liveForUser(db: DbOrTx, userId: string): Promise<SubscriptionRow | null> {
      const [r] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'canceled'])))
        .orderBy(desc(subscriptions.createdAt))
        .limit(1);
      return r ?? null;
    },
    /** The user's subscriptions that still hold a saved card. */
    async withSavedMethod(db: DbOrTx, userId: string): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.savedMethod)));
    },
    async hasEverPaid(db: DbOrTx, userId: string): Promise<boolean> {
      const [r] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.periodStart)))
        .limit(1);
      return Boolean(r);
    },
    async lock(db: DbOrTx, id: string): Promise<SubscriptionRow | null> {
      const [r] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, id))
        .for('update')
        .limit(1);
      return r ?? null;
    },
    async update(db: DbOrTx, id: string, patch: Patch): Promise<SubscriptionRow | null> {
      const [r] = await db
        .update(subscriptions)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(subscriptions.id, id))
        .returning();
      return r ?? null;
    },
    /**
     * Claims due renewals for this node: pushes renewAt forward in one conditional update, so two
     * nodes sweeping at once never charge the same subscription twice.
     */
    async claimDueRenewals(
      db: DbOrTx,
      now: Date,
      claimUntil: Date,
      limit: number,
    ): Promise<SubscriptionRow[]> {
      const due = db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.renewAt, now)))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(subscriptions)
        .set({ renewAt: claimUntil, updatedAt: now })
        .where(and(inArray(subscriptions.id, due), lte(subscriptions.renewAt, now)))
        .returning();
    },
    /**
     * Claims one subscription's renewal whenever it is due (the operator's "charge now"): the same
     * move of renewAt as the sweep's claim, refused (null) while a claim of the last `claimMs` is
     * still in flight, so a sweep and an operator never charge it twice.
     */
    async claimRenewalNow(
      db: DbOrTx,
      id: string,
      now: Date,
      claimMs: number,
    ): Promise<SubscriptionRow | null> {
      const claimUntil = new Date(now.getTime() + claimMs);
      const [r] = await db
        .update(subscriptions)
        .set({ renewAt: claimUntil, updatedAt: now })
        .where(
          and(
            eq(subscriptions.id, id),
            eq(subscriptions.status, 'active'),
            or(lte(subscriptions.renewAt, now), gt(subscriptions.renewAt, claimUntil)),
          ),
        )
        .returning();
      return r ?? null;
    },
    /** Claims one due monthly grant (moves nextGrantAt on a month); the caller credits it. */
    async claimDueGrants(db: DbOrTx, now: Date, limit: number): Promise<SubscriptionRow[]> {
      return db
        .update(subscriptions)
        .set({
          nextGrantAt: sql`${subscriptions.nextGrantAt} + interval '1 month'`,
          grantsDone: sql`${subscriptions.grantsDone} + 1`,
          updatedAt: now,
        })
        .where(
          inArray(
            subscriptions.id,
            db
              .select({ id: subscriptions.id })
              .from(subscriptions)
              .where(
                and(
                  inArray(subscriptions.status, ['active', 'canceled']),
                  lte(subscriptions.nextGrantAt, now),
                  lt(subscriptions.nextGrantAt, subscriptions.periodEnd),
                ),
              )
              .limit(limit)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning();
    },
    async dueToExpire(db: DbOrTx, now: Date, graceMs: number): Promise<SubscriptionRow[]> {
      const graceCutoff = new Date(now.getTime() - graceMs);
      return db
        .select()
        .from(subscriptions)
        .where(
          and(
            inArray(subscriptions.status, ['active', 'canceled']),
            sql`((${subscriptions.status} = 'canceled' and ${subscriptions.periodEnd} < ${now.toISOString()}::timestamptz)
              or (${subscriptions.status} = 'active' and ${subscriptions.renewalFailures} > 0 and ${subscriptions.periodEnd} < ${graceCutoff.toISOString()}::timestamptz))`,
          ),
        )
        .limit(100);
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
