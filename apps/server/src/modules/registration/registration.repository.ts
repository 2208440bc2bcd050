import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { registrationTokens } from '../../db/schema/auth.ts';

export function createRegistrationRepository() {
  return {
    async insert(
      db: DbOrTx,
      row: { id: string; userId: string; tokenHash: string; createdBy: string; expiresAt: Date },
    ): Promise<void> {
      await db.insert(registrationTokens).values(row);
    },
    /** Uses the token if it is unused and unexpired; one concurrent caller wins, the others get null. */
    async consume(db: DbOrTx, tokenHash: string, now: Date): Promise<{ userId: string } | null> {
      const [row] = await db
        .update(registrationTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(registrationTokens.tokenHash, tokenHash),
            isNull(registrationTokens.usedAt),
            gt(registrationTokens.expiresAt, now),
          ),
        )
        .returning({ userId: registrationTokens.userId });
      return row ?? null;
    },
  };
}
export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
