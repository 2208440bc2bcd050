import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/idempotency.ts';

export type IdempotencyKey = { userId: string; scope: string; key: string };

const byKey = (k: IdempotencyKey) =>
  and(
    eq(idempotencyKeys.userId, k.userId),
    eq(idempotencyKeys.scope, k.scope),
    eq(idempotencyKeys.key, k.key),
  );

export function createIdempotencyRepository() {
  return {
    /**
     * Takes the key for `attempt`: a new row, or a pending one whose run was claimed before
     * `staleBefore` (its node died). One statement, so concurrent claims never hit the unique
     * index as an error: the loser gets no row back. True when `attempt` now holds the key.
     */
    async claim(db: DbOrTx, k: IdempotencyKey, attempt: string, now: Date, staleBefore: Date) {
      const rows = await db
        .insert(idempotencyKeys)
        .values({ ...k, attempt, state: 'pending', claimedAt: now })
        .onConflictDoUpdate({
          target: [idempotencyKeys.userId, idempotencyKeys.scope, idempotencyKeys.key],
          set: { attempt, claimedAt: now },
          setWhere: and(eq(idempotencyKeys.state, 'pending'), lt(idempotencyKeys.claimedAt, staleBefore)),
        })
        .returning({ attempt: idempotencyKeys.attempt });
      return rows[0]?.attempt === attempt;
    },
    async find(db: DbOrTx, k: IdempotencyKey) {
      const [row] = await db.select().from(idempotencyKeys).where(byKey(k)).limit(1);
      return row ?? null;
    },
    /** Stores the answer of `attempt` (only while it still holds the key). True when stored. */
    async complete(db: DbOrTx, k: IdempotencyKey, attempt: string, answer: unknown, now: Date) {
      const rows = await db
        .update(idempotencyKeys)
        .set({ state: 'done', answer, doneAt: now })
        .where(and(byKey(k), eq(idempotencyKeys.attempt, attempt), eq(idempotencyKeys.state, 'pending')))
        .returning({ attempt: idempotencyKeys.attempt });
      return rows.length > 0;
    },
    /** Gives the key back after a run that failed before committing anything. */
    async release(db: DbOrTx, k: IdempotencyKey, attempt: string) {
      await db
        .delete(idempotencyKeys)
        .where(and(byKey(k), eq(idempotencyKeys.attempt, attempt), eq(idempotencyKeys.state, 'pending')));
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
