import { desc, eq, ilike, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { registrationTokens } from '../../db/schema/auth.ts';
import { promoCodes, type PromoCodeRow } from '../../db/schema/promo-codes.ts';
import { users, type UserRow } from '../../db/schema/users.ts';
import { chatFeedback } from '../../db/schema/platform.ts';
import { chats } from '../../db/schema/chats.ts';
import { bots } from '../../db/schema/bots.ts';

export type FeedbackListRow = {
  id: string;
  rating: number;
  text: string;
  createdAt: Date;
  chatId: string;
  userId: string;
  email: string;
  botId: string;
  botName: string;
};

export type RegistrationTokenListRow = {
  id: string;
  userId: string;
  email: string;
  createdBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
};

/** `%` and `_` in a search are literal characters, not patterns. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Read models for the operator console (accounts, registration tokens, promo codes). */
export function createAdminRepository() {
  return {
    /** Accounts whose id is `q`, or whose email contains `q` (case-insensitive); newest first. */
    async searchUsers(db: DbOrTx, q: string, limit: number): Promise<UserRow[]> {
      return db
        .select()
        .from(users)
        .where(or(eq(users.id, q), ilike(users.email, `%${escapeLike(q)}%`)))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit);
    },
    async listRegistrationTokens(db: DbOrTx, limit: number): Promise<RegistrationTokenListRow[]> {
      return db
        .select({
          id: registrationTokens.id,
          userId: registrationTokens.userId,
          email: users.email,
          createdBy: registrationTokens.createdBy,
          createdAt: registrationTokens.createdAt,
          expiresAt: registrationTokens.expiresAt,
          usedAt: registrationTokens.usedAt,
        })
        .from(registrationTokens)
        .innerJoin(users, eq(users.id, registrationTokens.userId))
        .orderBy(desc(registrationTokens.createdAt), desc(registrationTokens.id))
        .limit(limit);
    },
    /** Chat feedback, newest first, with who wrote it and about which character. */
    async listFeedback(db: DbOrTx, limit: number): Promise<FeedbackListRow[]> {
      return db
        .select({
          id: chatFeedback.id,
          rating: chatFeedback.rating,
          text: chatFeedback.text,
          createdAt: chatFeedback.createdAt,
          chatId: chatFeedback.chatId,
          userId: chatFeedback.userId,
          email: users.email,
          botId: bots.id,
          botName: bots.name,
        })
        .from(chatFeedback)
        .innerJoin(users, eq(users.id, chatFeedback.userId))
        .innerJoin(chats, eq(chats.id, chatFeedback.chatId))
        .innerJoin(bots, eq(bots.id, chats.botId))
        .orderBy(desc(chatFeedback.createdAt), desc(chatFeedback.id))
        .limit(limit);
    },
    async listPromoCodes(db: DbOrTx, limit: number): Promise<PromoCodeRow[]> {
      return db
        .select()
        .from(promoCodes)
        .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
        .limit(limit);
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
