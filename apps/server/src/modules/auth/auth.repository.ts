import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { passwordResets, refreshTokens } from '../../db/schema/auth.ts';

export function createAuthRepository() {
  return {
    async insertRefresh(
      db: DbOrTx,
      row: { id: string; userId: string; familyId: string; tokenHash: string; expiresAt: Date },
    ): Promise<void> {
      await db.insert(refreshTokens).values(row);
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
    /** Uses a reset token once: returns its user when it was valid and unused. */
    async consumeReset(db: DbOrTx, tokenHash: string, now: Date): Promise<{ userId: string } | null> {
      const [row] = await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt)))
        .returning({ userId: passwordResets.userId, expiresAt: passwordResets.expiresAt });
      if (!row || row.expiresAt.getTime() < now.getTime()) return null;
      return { userId: row.userId };
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
