import { and, count, eq, gt, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/payments.ts';

/** What the operator's offer edits must check in the database (a plan still in use). */
export function createOffersRepository(db: DbOrTx) {
  return {
    /**
     * Live subscriptions per plan among `planIds`: waiting for the first payment (initial), active,
     * or canceled with time left — each will still read its plan (the payment, the next renewal).
     */
    async livePlanUses(planIds: string[], now: Date): Promise<Map<string, number>> {
      if (!planIds.length) return new Map();
      const rows = await db
        .select({ planId: subscriptions.planId, n: count() })
        .from(subscriptions)
        .where(
          and(
            inArray(subscriptions.planId, planIds),
            or(
              inArray(subscriptions.status, ['initial', 'active']),
              and(eq(subscriptions.status, 'canceled'), gt(subscriptions.periodEnd, now)),
            ),
          ),
        )
        .groupBy(subscriptions.planId);
      return new Map(rows.map((r) => [r.planId, Number(r.n)]));
    },
  };
}
export type OffersRepository = ReturnType<typeof createOffersRepository>;
