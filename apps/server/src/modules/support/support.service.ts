import type { Message } from '@amora/shared/chat.ts';
import type { SupportConversation } from '@amora/shared/platform.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { newId } from '../../lib/tokens.ts';
import { toMessageDto } from '../chats/chats.mapper.ts';
import type { SupportRepository } from './support.repository.ts';

const INBOX_LIMIT = 200;
const THREAD_LIMIT = 200;

/** The operator inbox: support chats are answered by people, live in the user's chat. */
export function createSupportService(deps: { db: Db; repo: SupportRepository; realtime: Realtime }) {
  const { db, repo, realtime } = deps;
  return {
    async inbox(): Promise<SupportConversation[]> {
      const rows = await repo.listChats(db, INBOX_LIMIT);
      const last = new Map(
        (
          await repo.lastMessages(
            db,
            rows.map((r) => r.chat.id),
          )
        ).map((m) => [m.chatId, m]),
      );
      return rows.map(({ chat, user }) => {
        const m = last.get(chat.id) ?? null;
        return {
          chatId: chat.id,
          user: { _id: user.id, email: user.email, name: user.name },
          lastMessage: m ? { message: m.text, self: m.self, date: m.createdAt.toISOString() } : null,
          awaitingReply: m?.self ?? false,
        };
      });
    },
    async thread(chatId: string): Promise<{ conversation: SupportConversation; messages: Message[] }> {
      const row = await repo.findChat(db, chatId);
      if (!row) throw notFound('support.notFound');
      const list = await repo.thread(db, chatId, THREAD_LIMIT);
      const last = list.at(-1) ?? null;
      return {
        conversation: {
          chatId,
          user: { _id: row.user.id, email: row.user.email, name: row.user.name },
          lastMessage: last
            ? { message: last.text, self: last.self, date: last.createdAt.toISOString() }
            : null,
          awaitingReply: last?.self ?? false,
        },
        messages: list.map((m) => toMessageDto(m, row.chat.botId)),
      };
    },
    /** Stores the operator's answer and delivers it to the user's open devices (`message`). */
    async reply(chatId: string, text: string): Promise<Message> {
      const row = await repo.findChat(db, chatId);
      if (!row) throw notFound('support.notFound');
      const stored = await repo.insertReply(db, {
        id: newId(),
        chatId,
        userId: row.chat.userId,
        self: false,
        text,
        language: row.chat.language,
      });
      const message = toMessageDto(stored, row.chat.botId);
      realtime.toUser(row.chat.userId, 'message', { chatId, message });
      return message;
    },
  };
}
export type SupportService = ReturnType<typeof createSupportService>;
