import type { OAuthProvider } from '@amora/shared/oauth.ts';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { oauthIdentities } from '../../db/schema/auth.ts';

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
