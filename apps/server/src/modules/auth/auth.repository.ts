import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginCodes, passwordResets, refreshTokens } from '../../db/schema/auth.ts';

export function createAuthRepository() {
  return {
    async insertRefresh(
      db: DbOrTx,
      row: { id: string; userId: string; familyId: string; tokenHash: string; expiresAt: Date },
    ): Promise<void> {
      await db.insert(refreshTokens).values(row);
    },
    /** The same token again (racing requests deriving one successor) is not an error. */
    async insertRefreshOnce(
      db: DbOrTx,
      row: { id: string; userId: string; familyId: string; tokenHash: string; expiresAt: Date },
    ): Promise<void> {
      await db.insert(refreshTokens).values(row).onConflictDoNothing({ target: refreshTokens.tokenHash });
    },
    async findRefreshByHash(db: DbOrTx, tokenHash: string) {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row ?? null;
    },
    /** Marks a token used if nobody did yet; false when another request used it first. */
    async markUsed(db: DbOrTx, id: string): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },
    async revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },
    async revokeAllForUser(db: DbOrTx, userId: string): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
    async insertReset(db: DbOrTx, row: { id: string; userId: string; tokenHash: string; expiresAt: Date }) {
      await db.insert(passwordResets).values(row);
    },
    /** The user of an unused, unexpired reset token (nothing is changed). */
    async findReset(db: DbOrTx, tokenHash: string, now: Date): Promise<{ userId: string } | null> {
      const [row] = await db
        .select({ userId: passwordResets.userId })
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .limit(1);
      return row ?? null;
    },
    /**
     * Uses a reset token once and, with it, every other outstanding link of that user (a newer
     * link used kills the older ones and the other way round): its user, or null.
     */
    async consumeReset(db: DbOrTx, tokenHash: string, now: Date): Promise<{ userId: string } | null> {
      const [row] = await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResets.userId });
      if (!row) return null;
      await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
      return { userId: row.userId };
    },
    async insertLoginCode(
      db: DbOrTx,
      row: { id: string; userId: string; codeHash: string; expiresAt: Date },
    ) {
      await db.insert(loginCodes).values(row);
    },
    /** The user of an unused, unexpired login code (nothing is changed). */
    async findLoginCode(db: DbOrTx, codeHash: string, now: Date): Promise<{ userId: string } | null> {
      const [row] = await db
        .select({ userId: loginCodes.userId })
        .from(loginCodes)
        .where(
          and(eq(loginCodes.codeHash, codeHash), isNull(loginCodes.usedAt), gt(loginCodes.expiresAt, now)),
        )
        .limit(1);
      return row ?? null;
    },
    /** Uses a login code once: its user, or null when unknown, used or expired. */
    async consumeLoginCode(db: DbOrTx, codeHash: string, now: Date): Promise<{ userId: string } | null> {
      const [row] = await db
        .update(loginCodes)
        .set({ usedAt: now })
        .where(
          and(eq(loginCodes.codeHash, codeHash), isNull(loginCodes.usedAt), gt(loginCodes.expiresAt, now)),
        )
        .returning({ userId: loginCodes.userId });
      return row ?? null;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
