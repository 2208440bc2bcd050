import type { Message } from '@amora/shared/chat.ts';
import type { SupportConversation } from '@amora/shared/platform.ts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { newId } from '../../lib/tokens.ts';
import { toMessageDto } from '../chats/chats.mapper.ts';
import type { SupportRepository } from './support.repository.ts';

const INBOX_LIMIT = 200;
const THREAD_LIMIT = 200;

/** The operator inbox: support chats are answered by people, live in the user's chat. */
export function createSupportService(deps: {
  db: Db;
  repo: SupportRepository;
  realtime: Realtime;
  /** The user's support chat, opened on first use (the chats module). */
  openSupportChat: (userId: string) => Promise<{ chatId: string }>;
  /** Whether the account is banned now. */
  isBanned: (userId: string) => Promise<boolean>;
}) {
  const { db, repo, realtime } = deps;
  return {
    /**
     * A banned user's appeal (decision 037): stored in their support chat, where the operator's
     * inbox shows it awaiting a reply. One open appeal at a time: until the team answers, another
     * answers 409.
     */
    async appeal(userId: string, text: string): Promise<{ chatId: string }> {
      if (!(await deps.isBanned(userId))) throw forbidden('security.appealNotBanned');
      const { chatId } = await deps.openSupportChat(userId);
      const row = await repo.findChat(db, chatId);
      if (!row) throw notFound('support.notFound');
      const [last] = await repo.lastMessages(db, [chatId]);
      if (last?.self) throw new AppError('CONFLICT', 'security.appealOpen');
      await repo.insertReply(db, {
        id: newId(),
        chatId,
        userId,
        self: true,
        text,
        readed: true,
        language: row.chat.language,
      });
      return { chatId };
    },
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
