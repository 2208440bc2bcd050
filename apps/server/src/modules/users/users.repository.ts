import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/users.ts';

export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'tokens' | 'createdAt'>>;

/** Users are read and written only here. `tokens` is changed only by the ledger repository. */
export function createUsersRepository() {
  return {
    async findById(db: DbOrTx, id: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .limit(1);
      return row ?? null;
    },
    /** Locks the user row (any state) for the rest of the transaction; null when there is none. */
    async lockAny(db: DbOrTx, id: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).for('update').limit(1);
      return row ?? null;
    },
    async findByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.email, email), isNull(users.deletedAt)))
        .limit(1);
      return row ?? null;
    },
    async findByTelegramId(db: DbOrTx, telegramId: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.telegramId, telegramId), isNull(users.deletedAt)))
        .limit(1);
      return row ?? null;
    },
    async insert(db: DbOrTx, user: Omit<NewUser, 'tokens'>): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning();
      return row!;
    },
    /** Adds one to the session version (every access token issued before stops working). */
    async bumpSessionVersion(db: DbOrTx, id: string): Promise<number | null> {
      const [row] = await db
        .update(users)
        .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
        .where(eq(users.id, id))
        .returning({ sessionVersion: users.sessionVersion });
      return row?.sessionVersion ?? null;
    },
    async update(db: DbOrTx, id: string, patch: UserPatch): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .returning();
      return row ?? null;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
