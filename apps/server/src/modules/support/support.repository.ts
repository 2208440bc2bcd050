import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bots } from '../../db/schema/bots.ts';
import { chats, messages, type ChatRow, type MessageRow } from '../../db/schema/chats.ts';
import { users } from '../../db/schema/users.ts';

export type SupportChatRow = { chat: ChatRow; user: { id: string; email: string; name: string | null } };

/** The operator's view of support chats (the chats with the support bot, remote_id 0). */
export function createSupportRepository() {
  return {
    async listChats(db: DbOrTx, limit: number): Promise<SupportChatRow[]> {
      const rows = await db
        .select({ chat: chats, user: { id: users.id, email: users.email, name: users.name } })
        .from(chats)
        .innerJoin(bots, eq(bots.id, chats.botId))
        .innerJoin(users, eq(users.id, chats.userId))
        .where(and(eq(bots.isSupport, true), isNull(users.deletedAt)))
        .orderBy(desc(chats.lastActivityAt))
        .limit(limit);
      return rows;
    },
    async findChat(db: DbOrTx, chatId: string): Promise<SupportChatRow | null> {
      const [row] = await db
        .select({ chat: chats, user: { id: users.id, email: users.email, name: users.name } })
        .from(chats)
        .innerJoin(bots, eq(bots.id, chats.botId))
        .innerJoin(users, eq(users.id, chats.userId))
        .where(and(eq(chats.id, chatId), eq(bots.isSupport, true)))
        .limit(1);
      return row ?? null;
    },
    async lastMessages(db: DbOrTx, chatIds: string[]): Promise<MessageRow[]> {
      if (!chatIds.length) return [];
      return db
        .selectDistinctOn([messages.chatId])
        .from(messages)
        .where(inArray(messages.chatId, chatIds))
        .orderBy(messages.chatId, desc(messages.seq));
    },
    async thread(db: DbOrTx, chatId: string, limit: number): Promise<MessageRow[]> {
      const newest = await db
        .select()
        .from(messages)
        .where(eq(messages.chatId, chatId))
        .orderBy(desc(messages.seq))
        .limit(limit);
      return newest.reverse();
    },
    async insertReply(db: DbOrTx, row: typeof messages.$inferInsert): Promise<MessageRow> {
      const [inserted] = await db.insert(messages).values(row).returning();
      await db.update(chats).set({ lastActivityAt: new Date() }).where(eq(chats.id, row.chatId));
      return inserted!;
    },
  };
}
export type SupportRepository = ReturnType<typeof createSupportRepository>;
