import { and, eq, sql } from 'drizzle-orm';
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
