import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mysteryBoxDraws, offerDiscounts, offerViews } from '../../db/schema/conversion-offers.ts';
import { settings } from '../../db/schema/settings.ts';

/** The settings key of the conversion offers (one JSON value in the settings table). */
export const CONVERSION_SETTINGS_KEY = 'conversion';

export function createConversionRepository() {
  return {
    async readSettings(db: DbOrTx): Promise<unknown> {
      const [row] = await db
        .select()
        .from(settings)
        .where(eq(settings.key, CONVERSION_SETTINGS_KEY))
        .limit(1);
      return row?.value ?? null;
    },
    async writeSettings(db: DbOrTx, value: unknown): Promise<void> {
      await db
        .insert(settings)
        .values({ key: CONVERSION_SETTINGS_KEY, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    },

    async views(db: DbOrTx, userId: string): Promise<Set<string>> {
      const rows = await db
        .select({ offer: offerViews.offer })
        .from(offerViews)
        .where(eq(offerViews.userId, userId));
      return new Set(rows.map((r) => r.offer));
    },
    /** Records a first showing; false when it was already shown (the primary key). */
    async markShown(db: DbOrTx, userId: string, offer: string): Promise<boolean> {
      const rows = await db
        .insert(offerViews)
        .values({ userId, offer })
        .onConflictDoNothing()
        .returning({ offer: offerViews.offer });
      return rows.length === 1;
    },
    async markDismissed(db: DbOrTx, userId: string, offer: string, at: Date): Promise<void> {
      await db
        .insert(offerViews)
        .values({ userId, offer, dismissedAt: at })
        .onConflictDoUpdate({ target: [offerViews.userId, offerViews.offer], set: { dismissedAt: at } });
    },

    /** Grants the discount unless this user already had one from this offer; the row either way. */
    async grantDiscount(
      db: DbOrTx,
      row: { id: string; userId: string; offer: string; percent: number; expiresAt: Date },
    ): Promise<{ created: boolean; row: typeof offerDiscounts.$inferSelect }> {
      const [created] = await db.insert(offerDiscounts).values(row).onConflictDoNothing().returning();
      if (created) return { created: true, row: created };
      const [existing] = await db
        .select()
        .from(offerDiscounts)
        .where(and(eq(offerDiscounts.userId, row.userId), eq(offerDiscounts.offer, row.offer)))
        .limit(1);
      return { created: false, row: existing! };
    },
    /** The oldest discount of the user still waiting for a checkout and not expired. */
    async pendingDiscount(db: DbOrTx, userId: string, now: Date) {
      const [row] = await db
        .select()
        .from(offerDiscounts)
        .where(
          and(
            eq(offerDiscounts.userId, userId),
            isNull(offerDiscounts.consumedPaymentId),
            gt(offerDiscounts.expiresAt, now),
          ),
        )
        .orderBy(asc(offerDiscounts.createdAt))
        .limit(1);
      return row ?? null;
    },
    /** Ties a pending discount to a payment; false when a concurrent checkout took it first. */
    async reserveDiscount(db: DbOrTx, id: string, paymentId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(offerDiscounts)
        .set({ consumedPaymentId: paymentId })
        .where(
          and(
            eq(offerDiscounts.id, id),
            isNull(offerDiscounts.consumedPaymentId),
            gt(offerDiscounts.expiresAt, now),
          ),
        )
        .returning({ id: offerDiscounts.id });
      return rows.length === 1;
    },
    async releaseDiscount(db: DbOrTx, paymentId: string): Promise<void> {
      await db
        .update(offerDiscounts)
        .set({ consumedPaymentId: null })
        .where(eq(offerDiscounts.consumedPaymentId, paymentId));
    },

    /** Stores the draw of a payment once; the stored draw when one exists. */
    async recordDraw(
      db: DbOrTx,
      row: { paymentId: string; userId: string; tokens: number },
    ): Promise<number> {
      const [created] = await db.insert(mysteryBoxDraws).values(row).onConflictDoNothing().returning();
      if (created) return created.tokens;
      return (await this.findDraw(db, row.paymentId))!;
    },
    async findDraw(db: DbOrTx, paymentId: string): Promise<number | null> {
      const [row] = await db
        .select({ tokens: mysteryBoxDraws.tokens })
        .from(mysteryBoxDraws)
        .where(eq(mysteryBoxDraws.paymentId, paymentId))
        .limit(1);
      return row?.tokens ?? null;
    },
  };
}
export type ConversionRepository = ReturnType<typeof createConversionRepository>;
