import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { promoCodes, promoRedemptions, type PromoCodeRow } from '../../db/schema/promo-codes.ts';

export function createPromoRepository() {
  return {
    async insertCode(db: DbOrTx, row: typeof promoCodes.$inferInsert): Promise<PromoCodeRow> {
      const [created] = await db.insert(promoCodes).values(row).returning();
      return created!;
    },
    async findCode(db: DbOrTx, code: string): Promise<PromoCodeRow | null> {
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
      return row ?? null;
    },
    async findRedemption(db: DbOrTx, userId: string, codeId: string) {
      const [row] = await db
        .select({ id: promoRedemptions.id })
        .from(promoRedemptions)
        .where(and(eq(promoRedemptions.userId, userId), eq(promoRedemptions.codeId, codeId)))
        .limit(1);
      return row ?? null;
    },
    /** The unique (user, code) index makes a second use fail, also under concurrency. */
    async insertRedemption(db: DbOrTx, row: typeof promoRedemptions.$inferInsert): Promise<void> {
      await db.insert(promoRedemptions).values(row);
    },
    /** Counts a use unless the code is used up; false when it is. */
    async countUse(db: DbOrTx, codeId: string): Promise<boolean> {
      const rows = await db
        .update(promoCodes)
        .set({ uses: sql`${promoCodes.uses} + 1` })
        .where(
          and(
            eq(promoCodes.id, codeId),
            or(isNull(promoCodes.maxUses), lt(promoCodes.uses, promoCodes.maxUses)),
          ),
        )
        .returning({ id: promoCodes.id });
      return rows.length === 1;
    },
    /** The oldest discount of the user not yet taken by a checkout. */
    async pendingDiscount(db: DbOrTx, userId: string) {
      const [row] = await db
        .select({ id: promoRedemptions.id, percent: promoRedemptions.amount, code: promoCodes.code })
        .from(promoRedemptions)
        .innerJoin(promoCodes, eq(promoCodes.id, promoRedemptions.codeId))
        .where(
          and(
            eq(promoRedemptions.userId, userId),
            eq(promoRedemptions.kind, 'discount_percent'),
            isNull(promoRedemptions.consumedPaymentId),
          ),
        )
        .orderBy(asc(promoRedemptions.createdAt))
        .limit(1);
      return row ?? null;
    },
    /** Ties a pending discount to a payment; false when a concurrent checkout took it first. */
    async reserve(db: DbOrTx, redemptionId: string, paymentId: string): Promise<boolean> {
      const rows = await db
        .update(promoRedemptions)
        .set({ consumedPaymentId: paymentId })
        .where(and(eq(promoRedemptions.id, redemptionId), isNull(promoRedemptions.consumedPaymentId)))
        .returning({ id: promoRedemptions.id });
      return rows.length === 1;
    },
    /** A failed payment gives its discount back for the next checkout. */
    async release(db: DbOrTx, paymentId: string): Promise<void> {
      await db
        .update(promoRedemptions)
        .set({ consumedPaymentId: null })
        .where(eq(promoRedemptions.consumedPaymentId, paymentId));
    },
  };
}
export type PromoRepository = ReturnType<typeof createPromoRepository>;
