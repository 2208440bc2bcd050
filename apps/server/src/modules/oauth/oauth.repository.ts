import type { OAuthProvider } from '@amora/shared/oauth.ts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { oauthIdentities } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';

export type IdentityRow = typeof oauthIdentities.$inferSelect;

export function createOAuthRepository() {
  return {
    async find(db: DbOrTx, provider: OAuthProvider, subject: string): Promise<IdentityRow | null> {
      const [row] = await db
        .select()
        .from(oauthIdentities)
        .where(and(eq(oauthIdentities.provider, provider), eq(oauthIdentities.subject, subject)))
        .limit(1);
      return row ?? null;
    },
    /** Links a provider account to a user; false when it is linked already (a racing callback). */
    async insert(
      db: DbOrTx,
      row: {
        id: string;
        provider: OAuthProvider;
        subject: string;
        userId: string;
        email: string | null;
        emailVerified: boolean;
      },
    ): Promise<boolean> {
      const rows = await db
        .insert(oauthIdentities)
        .values(row)
        .onConflictDoNothing({ target: [oauthIdentities.provider, oauthIdentities.subject] })
        .returning({ id: oauthIdentities.id });
      return rows.length === 1;
    },
    async touch(
      db: DbOrTx,
      id: string,
      seen: { email: string | null; emailVerified: boolean },
    ): Promise<void> {
      await db
        .update(oauthIdentities)
        .set({ ...seen, lastUsedAt: new Date() })
        .where(eq(oauthIdentities.id, id));
    },
    async remove(db: DbOrTx, id: string): Promise<void> {
      await db.delete(oauthIdentities).where(eq(oauthIdentities.id, id));
    },
    /**
     * Disconnects a provider unless it is the user's last way to sign in (no password, no Telegram,
     * no other provider). The user's row is locked first, so two disconnections at once cannot
     * leave an account nobody can open.
     */
    async unlinkUnlessLast(
      db: Db,
      userId: string,
      provider: OAuthProvider,
    ): Promise<'removed' | 'not_linked' | 'last'> {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .select({ passwordHash: users.passwordHash, telegramId: users.telegramId })
          .from(users)
          .where(eq(users.id, userId))
          .for('update')
          .limit(1);
        const rows = await tx
          .select({ id: oauthIdentities.id, provider: oauthIdentities.provider })
          .from(oauthIdentities)
          .where(eq(oauthIdentities.userId, userId));
        const target = rows.find((r) => r.provider === provider);
        if (!user || !target) return 'not_linked';
        if (!user.passwordHash && !user.telegramId && rows.length <= 1) return 'last';
        await tx.delete(oauthIdentities).where(eq(oauthIdentities.id, target.id));
        return 'removed';
      });
    },
    async listForUser(db: DbOrTx, userId: string): Promise<IdentityRow[]> {
      return db
        .select()
        .from(oauthIdentities)
        .where(eq(oauthIdentities.userId, userId))
        .orderBy(asc(oauthIdentities.createdAt));
    },
  };
}
export type OAuthRepository = ReturnType<typeof createOAuthRepository>;
