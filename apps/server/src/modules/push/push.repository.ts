import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pushSubscriptions, type PushSubscriptionRow } from '../../db/schema/push.ts';

export function createPushRepository() {
  return {
    /**
     * Stores the subscription; the same endpoint again from the same account replaces its keys.
     * False when the endpoint belongs to another account (it is left alone).
     */
    async upsert(
      db: DbOrTx,
      row: { endpoint: string; userId: string; p256dh: string; auth: string; expiresAt: Date | null },
    ): Promise<boolean> {
      const stored = await db
        .insert(pushSubscriptions)
        .values(row)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            p256dh: row.p256dh,
            auth: row.auth,
            expiresAt: row.expiresAt,
            createdAt: new Date(),
          },
          setWhere: eq(pushSubscriptions.userId, row.userId),
        })
        .returning({ endpoint: pushSubscriptions.endpoint });
      return stored.length === 1;
    },
    /** Keeps the user's `keep` newest subscriptions (browsers come and go; rows should not pile up). */
    async trimForUser(db: DbOrTx, userId: string, keep: number): Promise<void> {
      const rows = await db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.createdAt));
      const extra = rows.slice(keep).map((r) => r.endpoint);
      if (extra.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, extra));
    },
    async deleteAllForUser(db: DbOrTx, userId: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },
    async listForUser(db: DbOrTx, userId: string): Promise<PushSubscriptionRow[]> {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },
    async deleteOwned(db: DbOrTx, userId: string, endpoint: string): Promise<boolean> {
      const gone = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ endpoint: pushSubscriptions.endpoint });
      return gone.length > 0;
    },
    async deleteEndpoint(db: DbOrTx, endpoint: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    },
    async markSent(db: DbOrTx, endpoints: string[], at: Date): Promise<void> {
      if (endpoints.length === 0) return;
      await db
        .update(pushSubscriptions)
        .set({ lastSentAt: at })
        .where(inArray(pushSubscriptions.endpoint, endpoints));
    },
  };
}
export type PushRepository = ReturnType<typeof createPushRepository>;
