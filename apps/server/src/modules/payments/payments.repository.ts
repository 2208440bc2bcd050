import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paymentEvents, payments, type PaymentRow } from '../../db/schema/payments.ts';

export function createPaymentsRepository() {
  return {
    async insert(db: DbOrTx, row: typeof payments.$inferInsert): Promise<PaymentRow> {
      const [r] = await db.insert(payments).values(row).returning();
      return r!;
    },
    async findById(db: DbOrTx, id: string): Promise<PaymentRow | null> {
      const [r] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
      return r ?? null;
    },
    async findForUser(db: DbOrTx, id: string, userId: string): Promise<PaymentRow | null> {
      const [r] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, id), eq(payments.userId, userId)))
        .limit(1);
      return r ?? null;
    },
    /** Locks the payment row for the rest of the transaction (events for one payment apply in turn). */
    async lock(db: DbOrTx, id: string): Promise<PaymentRow | null> {
      const [r] = await db.select().from(payments).where(eq(payments.id, id)).for('update').limit(1);
      return r ?? null;
    },
    async update(
      db: DbOrTx,
      id: string,
      patch: Partial<Omit<typeof payments.$inferInsert, 'id' | 'userId'>>,
    ): Promise<PaymentRow | null> {
      const [r] = await db
        .update(payments)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(payments.id, id))
        .returning();
      return r ?? null;
    },
    /** Pending payments older than `before` not asked about since `before` (reconciliation). */
    async stalePending(db: DbOrTx, before: Date, limit: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.status, 'pending'),
            lt(payments.createdAt, before),
            or(isNull(payments.reconciledAt), lt(payments.reconciledAt, before)),
          ),
        )
        .orderBy(asc(payments.createdAt))
        .limit(limit);
    },
    /** Claims one reconciliation of a payment (a conditional update: one node asks the provider). */
    async claimReconcile(db: DbOrTx, id: string, before: Date, now: Date): Promise<PaymentRow | null> {
      const [r] = await db
        .update(payments)
        .set({ reconciledAt: now })
        .where(
          and(
            eq(payments.id, id),
            eq(payments.status, 'pending'),
            or(isNull(payments.reconciledAt), lt(payments.reconciledAt, before)),
          ),
        )
        .returning();
      return r ?? null;
    },
    async pendingForUser(db: DbOrTx, userId: string): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.status, 'pending')));
    },
    /** Refunds owed at the provider (paid for a deleted account) last tried before `before`. */
    async refundsDue(db: DbOrTx, before: Date, limit: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(and(isNotNull(payments.refundDueAt), lt(payments.refundDueAt, before)))
        .limit(limit);
    },
    async claimRefundDue(db: DbOrTx, id: string, before: Date, now: Date): Promise<PaymentRow | null> {
      const [r] = await db
        .update(payments)
        .set({ refundDueAt: now })
        .where(and(eq(payments.id, id), isNotNull(payments.refundDueAt), lt(payments.refundDueAt, before)))
        .returning();
      return r ?? null;
    },
    async addShortfall(db: DbOrTx, id: string, tokens: number): Promise<void> {
      await db
        .update(payments)
        .set({ clawbackShortfall: sql`${payments.clawbackShortfall} + ${tokens}` })
        .where(eq(payments.id, id));
    },
    /** Records an event id; false when it was already recorded (a redelivery). */
    async recordEvent(
      db: DbOrTx,
      e: { provider: string; eventId: string; paymentId: string | null; type: string },
    ): Promise<boolean> {
      const rows = await db
        .insert(paymentEvents)
        .values(e)
        .onConflictDoNothing()
        .returning({ id: paymentEvents.eventId });
      return rows.length > 0;
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
