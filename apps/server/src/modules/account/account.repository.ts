import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountTokens, reports } from '../../db/schema/account.ts';
import { outbox } from '../../db/schema/auth.ts';
import { bots } from '../../db/schema/bots.ts';
import { chats, messages } from '../../db/schema/chats.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { payments, subscriptions } from '../../db/schema/payments.ts';
import { settings } from '../../db/schema/settings.ts';
import { users } from '../../db/schema/users.ts';

type TokenKind = 'verify' | 'email_change';

/**
 * The account module's reads and writes. The data export reads the tables of other modules
 * (chats, payments, ledger) read-only, in one place (decision 096).
 */
export function createAccountRepository() {
  return {
    async insertToken(
      db: DbOrTx,
      row: { id: string; userId: string; kind: TokenKind; email: string; tokenHash: string; expiresAt: Date },
    ): Promise<void> {
      await db.insert(accountTokens).values(row);
    },
    /** Uses a live link once: the row, or null (unknown, used, expired). */
    async consumeToken(db: DbOrTx, tokenHash: string, kind: TokenKind, now: Date) {
      const [row] = await db
        .update(accountTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountTokens.tokenHash, tokenHash),
            eq(accountTokens.kind, kind),
            isNull(accountTokens.usedAt),
            gt(accountTokens.expiresAt, now),
          ),
        )
        .returning();
      return row ?? null;
    },
    async lastTokenAt(db: DbOrTx, userId: string, kind: TokenKind): Promise<Date | null> {
      const [row] = await db
        .select({ at: accountTokens.createdAt })
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind)))
        .orderBy(desc(accountTokens.createdAt))
        .limit(1);
      return row?.at ?? null;
    },
    /** Marks the address verified only while it is still the account's address. */
    async markVerified(db: DbOrTx, userId: string, email: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ emailVerifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, userId), eq(users.email, email), isNull(users.deletedAt)))
        .returning({ id: users.id });
      return rows.length > 0;
    },
    /** Replaces the address with a proven one (a unique violation means it was taken meanwhile). */
    async replaceEmail(db: DbOrTx, userId: string, email: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ email, emailVerifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Pauses (a date) or reactivates (null) the account; the data stays. */
    async setPaused(db: DbOrTx, userId: string, at: Date | null): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ pausedAt: at, updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async readSetting(db: DbOrTx, key: string): Promise<unknown> {
      const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
      return row?.value;
    },
    async writeSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
      await db
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    },

    async recentOutbox(db: DbOrTx, limit: number) {
      return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
    },

    /** A chat of the user with its character's remote id, or null (someone else's: null too). */
    async findChat(db: DbOrTx, userId: string, chatId: string) {
      const [row] = await db
        .select({ id: chats.id, locked: chats.locked, remoteId: bots.remoteId, botName: bots.name })
        .from(chats)
        .innerJoin(bots, eq(bots.id, chats.botId))
        .where(and(eq(chats.id, chatId), eq(chats.userId, userId)));
      return row ?? null;
    },
    /** Deletes an unlocked chat of the user (its messages go with it: cascade). */
    async deleteChat(db: DbOrTx, userId: string, chatId: string): Promise<boolean> {
      const rows = await db
        .delete(chats)
        .where(and(eq(chats.id, chatId), eq(chats.userId, userId), eq(chats.locked, false)))
        .returning({ id: chats.id });
      return rows.length > 0;
    },
    async findMessageOf(db: DbOrTx, userId: string, messageId: string) {
      const [row] = await db
        .select({ id: messages.id, chatId: messages.chatId, text: messages.text, self: messages.self })
        .from(messages)
        .where(and(eq(messages.id, messageId), eq(messages.userId, userId)));
      return row ?? null;
    },
    async findBot(db: DbOrTx, botId: string) {
      const [row] = await db.select({ id: bots.id, name: bots.name }).from(bots).where(eq(bots.id, botId));
      return row ?? null;
    },

    /** Everything the export holds (GDPR art. 15 and 20), the user's rows only. */
    async exportRows(db: DbOrTx, userId: string) {
      const userChats = await db
        .select({
          id: chats.id,
          botId: chats.botId,
          botName: bots.name,
          level: chats.level,
          points: chats.points,
          mode: chats.mode,
          status: chats.status,
          language: chats.language,
          createdAt: chats.createdAt,
        })
        .from(chats)
        .innerJoin(bots, eq(bots.id, chats.botId))
        .where(eq(chats.userId, userId))
        .orderBy(chats.createdAt);
      const userMessages = await db
        .select({
          id: messages.id,
          chatId: messages.chatId,
          self: messages.self,
          text: messages.text,
          eventType: messages.eventType,
          language: messages.language,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .innerJoin(chats, eq(chats.id, messages.chatId))
        .where(eq(chats.userId, userId))
        .orderBy(messages.seq);
      const userPayments = await db
        .select({
          id: payments.id,
          provider: payments.provider,
          type: payments.type,
          offerId: payments.offerId,
          amount: payments.amount,
          currency: payments.currency,
          tokens: payments.tokens,
          status: payments.status,
          cardLast4: payments.cardLast4,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(payments.createdAt);
      const userSubscriptions = await db
        .select({
          id: subscriptions.id,
          planId: subscriptions.planId,
          planType: subscriptions.planType,
          status: subscriptions.status,
          periodStart: subscriptions.periodStart,
          periodEnd: subscriptions.periodEnd,
          createdAt: subscriptions.createdAt,
        })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(subscriptions.createdAt);
      const ledger = await db
        .select({
          delta: ledgerEntries.delta,
          balanceAfter: ledgerEntries.balanceAfter,
          reason: ledgerEntries.reason,
          reference: ledgerEntries.reference,
          createdAt: ledgerEntries.createdAt,
        })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId))
        .orderBy(ledgerEntries.seq);
      const userReports = await db
        .select({
          targetType: reports.targetType,
          targetId: reports.targetId,
          reason: reports.reason,
          text: reports.text,
          status: reports.status,
          createdAt: reports.createdAt,
        })
        .from(reports)
        .where(eq(reports.userId, userId));
      return {
        chats: userChats,
        messages: userMessages,
        payments: userPayments,
        subscriptions: userSubscriptions,
        ledger,
        reports: userReports,
      };
    },

    async findPayment(db: DbOrTx, userId: string, paymentId: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
      return row ?? null;
    },
    async subscription(db: DbOrTx, subscriptionId: string) {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
      return row ?? null;
    },
    async paymentsOf(db: DbOrTx, userId: string) {
      return db
        .select()
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(desc(payments.createdAt))
        .limit(200);
    },

    /** One report per user and target: reporting again updates it and opens it again. */
    async upsertReport(
      db: DbOrTx,
      row: {
        id: string;
        userId: string;
        targetType: 'message' | 'bot';
        targetId: string;
        chatId: string | null;
        reason: string;
        text: string;
        excerpt: string;
      },
    ) {
      const [saved] = await db
        .insert(reports)
        .values(row)
        .onConflictDoUpdate({
          target: [reports.userId, reports.targetType, reports.targetId],
          set: { reason: row.reason, text: row.text, status: 'open', updatedAt: new Date() },
        })
        .returning();
      return saved!;
    },
    async listReports(db: DbOrTx, status: 'open' | 'reviewed' | 'dismissed' | undefined, limit: number) {
      return db
        .select({
          id: reports.id,
          userId: reports.userId,
          userEmail: users.email,
          targetType: reports.targetType,
          targetId: reports.targetId,
          chatId: reports.chatId,
          reason: reports.reason,
          text: reports.text,
          excerpt: reports.excerpt,
          status: reports.status,
          createdAt: reports.createdAt,
        })
        .from(reports)
        .innerJoin(users, eq(users.id, reports.userId))
        .where(status ? eq(reports.status, status) : sql`true`)
        .orderBy(desc(reports.createdAt))
        .limit(limit);
    },
    async setReportStatus(db: DbOrTx, id: string, status: 'open' | 'reviewed' | 'dismissed') {
      const [row] = await db
        .update(reports)
        .set({ status, updatedAt: new Date() })
        .where(eq(reports.id, id))
        .returning();
      return row ?? null;
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
