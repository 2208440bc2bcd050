import { and, desc, eq } from 'drizzle-orm';
import { bots } from '../../db/schema/bots.ts';
import { chats } from '../../db/schema/chats.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  safetyEvents,
  safetyHolds,
  type SafetyEventRow,
  type SafetyHoldRow,
} from '../../db/schema/safety.ts';
import { users } from '../../db/schema/users.ts';

export function createSafetyRepository() {
  return {
    async insertEvent(db: DbOrTx, row: typeof safetyEvents.$inferInsert): Promise<SafetyEventRow> {
      const [inserted] = await db.insert(safetyEvents).values(row).returning();
      return inserted!;
    },
    /** Puts the account on hold; an existing hold (even a closed one) is kept as it is. */
    async hold(db: DbOrTx, userId: string, eventId: string): Promise<void> {
      await db
        .insert(safetyHolds)
        .values({ userId, reason: 'age_review', eventId })
        .onConflictDoNothing({ target: safetyHolds.userId });
    },
    async findHold(db: DbOrTx, userId: string): Promise<SafetyHoldRow | null> {
      const [row] = await db.select().from(safetyHolds).where(eq(safetyHolds.userId, userId)).limit(1);
      return row ?? null;
    },
    async deleteHold(db: DbOrTx, userId: string): Promise<boolean> {
      const rows = await db.delete(safetyHolds).where(eq(safetyHolds.userId, userId)).returning();
      return rows.length > 0;
    },
    async closeHold(db: DbOrTx, userId: string): Promise<void> {
      await db
        .insert(safetyHolds)
        .values({ userId, reason: 'age_review', status: 'closed' })
        .onConflictDoUpdate({ target: safetyHolds.userId, set: { status: 'closed' } });
    },
    /** Whether the chat is the user's support chat (answered by people; open during a review). */
    async isSupportChat(db: DbOrTx, userId: string, chatId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: chats.id })
        .from(chats)
        .innerJoin(bots, eq(bots.id, chats.botId))
        .where(and(eq(chats.id, chatId), eq(chats.userId, userId), eq(bots.isSupport, true)))
        .limit(1);
      return Boolean(row);
    },
    async listEvents(db: DbOrTx, limit: number) {
      return db
        .select({ event: safetyEvents, email: users.email, hold: safetyHolds.status })
        .from(safetyEvents)
        .leftJoin(users, eq(users.id, safetyEvents.userId))
        .leftJoin(safetyHolds, eq(safetyHolds.userId, safetyEvents.userId))
        .orderBy(desc(safetyEvents.createdAt), desc(safetyEvents.id))
        .limit(limit);
    },
  };
}
export type SafetyRepository = ReturnType<typeof createSafetyRepository>;
