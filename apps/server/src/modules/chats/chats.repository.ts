import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { insertParts, resultRows, rowFromJson, setParts } from '../../db/sql-rows.ts';
import { users, type UserRow } from '../../db/schema/users.ts';
import { bots } from '../../db/schema/bots.ts';
import {
  chats,
  messages,
  owedReplies,
  type ChatRow,
  type HistoryRow,
  type MessageRow,
  type OwedReplyRow,
} from '../../db/schema/chats.ts';

export type NewChat = typeof chats.$inferInsert;
export type NewMessage = typeof messages.$inferInsert;
export type ChatPatch = Partial<Omit<NewChat, 'id' | 'userId' | 'botId' | 'createdAt'>>;

/** The history rows of a `json_agg` of `id, self, text, event_type` (the send's hand-over). */
function historyFromJson(json: unknown): HistoryRow[] {
  const list = (typeof json === 'string' ? JSON.parse(json) : (json ?? [])) as Array<{
    id: string;
    self: boolean;
    text: string;
    event_type: string | null;
  }>;
  return list.map((r) => ({ id: r.id, self: r.self, text: r.text, eventType: r.event_type }));
}

/** Every query filters by the owner (DESIGN §3): another user's chat simply does not exist. */
export function createChatsRepository() {
  return {
    async findOwned(db: DbOrTx, userId: string, chatId: string): Promise<ChatRow | null> {
      const [row] = await db
        .select()
        .from(chats)
        .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
        .limit(1);
      return row ?? null;
    },
    async findById(db: DbOrTx, chatId: string): Promise<ChatRow | null> {
      const [row] = await db.select().from(chats).where(eq(chats.id, chatId)).limit(1);
      return row ?? null;
    },
    async findByUserBot(db: DbOrTx, userId: string, botId: string): Promise<ChatRow | null> {
      const [row] = await db
        .select()
        .from(chats)
        .where(and(eq(chats.userId, userId), eq(chats.botId, botId)))
        .limit(1);
      return row ?? null;
    },
    async insert(db: DbOrTx, chat: NewChat): Promise<ChatRow> {
      const [row] = await db.insert(chats).values(chat).returning();
      return row!;
    },
    async listForUser(db: DbOrTx, userId: string): Promise<ChatRow[]> {
      return db.select().from(chats).where(eq(chats.userId, userId)).orderBy(desc(chats.lastActivityAt));
    },
    async lastMessages(db: DbOrTx, chatIds: string[]): Promise<MessageRow[]> {
      if (!chatIds.length) return [];
      return db
        .selectDistinctOn([messages.chatId])
        .from(messages)
        .where(inArray(messages.chatId, chatIds))
        .orderBy(messages.chatId, desc(messages.seq));
    },
    /**
     * Takes the chat's send lock if it is free (or held longer than `staleBefore`, which means the
     * node that held it died). Returns null when another send holds it.
     */
    async lock(db: DbOrTx, userId: string, chatId: string, staleBefore: Date): Promise<ChatRow | null> {
      const [row] = await db
        .update(chats)
        .set({ locked: true, lockedAt: new Date(), lastActivityAt: new Date() })
        .where(
          and(
            eq(chats.id, chatId),
            eq(chats.userId, userId),
            or(eq(chats.locked, false), isNull(chats.lockedAt), lt(chats.lockedAt, staleBefore)),
          ),
        )
        .returning();
      return row ?? null;
    },
    async update(db: DbOrTx, chatId: string, patch: ChatPatch): Promise<ChatRow | null> {
      const [row] = await db.update(chats).set(patch).where(eq(chats.id, chatId)).returning();
      return row ?? null;
    },
    /** Returns the ids of the chats changed. */
    async updateAllForUser(db: DbOrTx, userId: string, patch: ChatPatch): Promise<string[]> {
      const rows = await db
        .update(chats)
        .set(patch)
        .where(eq(chats.userId, userId))
        .returning({ id: chats.id });
      return rows.map((r) => r.id);
    },
    async insertMessage(db: DbOrTx, message: NewMessage): Promise<MessageRow> {
      const [row] = await db.insert(messages).values(message).returning();
      return row!;
    },
    async findMessage(db: DbOrTx, chatId: string, messageId: string): Promise<MessageRow | null> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.chatId, chatId), eq(messages.id, messageId)))
        .limit(1);
      return row ?? null;
    },
    async updateMessage(
      db: DbOrTx,
      messageId: string,
      patch: Partial<NewMessage>,
    ): Promise<MessageRow | null> {
      const [row] = await db.update(messages).set(patch).where(eq(messages.id, messageId)).returning();
      return row ?? null;
    },
    /** A page of messages, newest first, strictly older than `beforeSeq` when given. */
    async page(db: DbOrTx, chatId: string, limit: number, beforeSeq?: number): Promise<MessageRow[]> {
      return db
        .select()
        .from(messages)
        .where(
          beforeSeq === undefined
            ? eq(messages.chatId, chatId)
            : and(eq(messages.chatId, chatId), lt(messages.seq, beforeSeq)),
        )
        .orderBy(desc(messages.seq))
        .limit(limit);
    },
    /** Marks her unread messages read; returns how many changed. */
    async markReadCount(db: DbOrTx, chatId: string): Promise<number> {
      const rows = await db
        .update(messages)
        .set({ readed: true })
        .where(and(eq(messages.chatId, chatId), eq(messages.self, false), eq(messages.readed, false)))
        .returning({ id: messages.id });
      return rows.length;
    },
    async deleteMessages(db: DbOrTx, chatId: string): Promise<void> {
      await db.delete(messages).where(eq(messages.chatId, chatId));
    },
    /** Active character chats silent since `silentBefore` whose last neglect step is older than `stepBefore`. */
    async dueForNeglect(db: DbOrTx, silentBefore: Date, stepBefore: Date, limit: number): Promise<ChatRow[]> {
      const rows = await db
        .select({ chat: chats })
        .from(chats)
        .innerJoin(bots, eq(bots.id, chats.botId))
        .where(
          and(
            eq(chats.status, 'active'),
            eq(bots.isSupport, false),
            lt(chats.lastActivityAt, silentBefore),
            or(isNull(chats.neglectedAt), lt(chats.neglectedAt, stepBefore)),
          ),
        )
        .orderBy(chats.lastActivityAt)
        .limit(limit);
      return rows.map((r) => r.chat);
    },
    /** True when the user talked to another character (not support) after `since`. */
    async activeElsewhereSince(db: DbOrTx, userId: string, chatId: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: chats.id })
        .from(chats)
        .innerJoin(bots, eq(bots.id, chats.botId))
        .where(
          and(
            eq(chats.userId, userId),
            ne(chats.id, chatId),
            eq(bots.isSupport, false),
            gt(chats.lastActivityAt, since),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    /** Claims one neglect step (safe with several nodes: only one conditional update wins). */
    async claimNeglect(db: DbOrTx, chatId: string, stepBefore: Date, now: Date): Promise<ChatRow | null> {
      const [row] = await db
        .update(chats)
        .set({ neglectedAt: now })
        .where(
          and(
            eq(chats.id, chatId),
            eq(chats.status, 'active'),
            or(isNull(chats.neglectedAt), lt(chats.neglectedAt, stepBefore)),
          ),
        )
        .returning();
      return row ?? null;
    },
    /** Active character chats silent since `silentBefore` where she has not written first in this silence. */
    async dueForNudge(db: DbOrTx, silentBefore: Date, limit: number): Promise<ChatRow[]> {
      const rows = await db
        .select({ chat: chats })
        .from(chats)
        .innerJoin(bots, eq(bots.id, chats.botId))
        // A paused account (`/deactivate`) hears nothing from her until it signs back in.
        .innerJoin(users, and(eq(users.id, chats.userId), isNull(users.pausedAt)))
        .where(
          and(
            eq(chats.status, 'active'),
            eq(chats.locked, false),
            eq(bots.isSupport, false),
            lt(chats.lastActivityAt, silentBefore),
            or(isNull(chats.nudgedAt), lt(chats.nudgedAt, chats.lastActivityAt)),
          ),
        )
        .orderBy(chats.lastActivityAt)
        .limit(limit);
      return rows.map((r) => r.chat);
    },
    /** Claims the one nudge of this silence (a conditional update: one node wins). */
    async claimNudge(db: DbOrTx, chatId: string, now: Date): Promise<ChatRow | null> {
      const [row] = await db
        .update(chats)
        .set({ nudgedAt: now })
        .where(
          and(
            eq(chats.id, chatId),
            eq(chats.status, 'active'),
            eq(chats.locked, false),
            or(isNull(chats.nudgedAt), lt(chats.nudgedAt, chats.lastActivityAt)),
          ),
        )
        .returning();
      return row ?? null;
    },
    /** Records that a reply is owed for a stored user message (in the send transaction). */
    async owe(db: DbOrTx, row: typeof owedReplies.$inferInsert): Promise<void> {
      await db.insert(owedReplies).values(row);
    },
    /**
     * Takes the owed reply off the books (the reply was stored, or failed): null when someone else
     * already settled it (the recovery sweep failed it, or this is a second attempt).
     */
    async settleOwed(db: DbOrTx, messageId: string): Promise<OwedReplyRow | null> {
      const [row] = await db.delete(owedReplies).where(eq(owedReplies.messageId, messageId)).returning();
      return row ?? null;
    },
    /**
     * `settleOwed` and then `hasOwed` in one statement (the reply's claim, decision 033): whether
     * this call took the owed reply off the books, and whether the chat still owes another one.
     */
    async settleOwedAndCheck(
      db: DbOrTx,
      messageId: string,
      chatId: string,
    ): Promise<{ settled: boolean; stillOwed: boolean }> {
      // The outer select sees the table as the statement began (the row being deleted included),
      // hence `message_id <> messageId`.
      const result: unknown = await db.execute(sql`
        with settled as (delete from owed_replies where message_id = ${messageId} returning message_id)
        select exists (select 1 from settled) as settled,
          exists (select 1 from owed_replies where chat_id = ${chatId} and message_id <> ${messageId}) as still_owed`);
      const row = (result as { rows: { settled: boolean; still_owed: boolean }[] }).rows[0];
      return { settled: Boolean(row?.settled), stillOwed: Boolean(row?.still_owed) };
    },
    /** Claims an overdue reply for the sweep: a conditional delete, so of two nodes only one gets it. */
    async claimOverdue(db: DbOrTx, messageId: string, now: Date): Promise<OwedReplyRow | null> {
      const [row] = await db
        .delete(owedReplies)
        .where(and(eq(owedReplies.messageId, messageId), lt(owedReplies.deadlineAt, now)))
        .returning();
      return row ?? null;
    },
    /** Replies owed past their deadline, oldest first. */
    async overdue(db: DbOrTx, now: Date, limit: number): Promise<OwedReplyRow[]> {
      return db
        .select()
        .from(owedReplies)
        .where(lt(owedReplies.deadlineAt, now))
        .orderBy(owedReplies.deadlineAt)
        .limit(limit);
    },
    /** Whether another reply is still owed in the chat (then its lock stays). */
    async hasOwed(db: DbOrTx, chatId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: owedReplies.messageId })
        .from(owedReplies)
        .where(eq(owedReplies.chatId, chatId))
        .limit(1);
      return row !== undefined;
    },
    /**
     * The send in ONE statement (decision 120): takes the chat's lock (free or stale), checks
     * what the caller read from its cache (owner, character, language, not broken) and that the
     * account may write, then — only if the lock was taken — applies `debit` (the ledger's CTEs,
     * `ledger_entry`), stores the message and the reply owed. Answers the chat as locked, the
     * message, the user, the balance after the debit, and the newest `historyLimit` messages
     * before this one (her reply's context). `chat` null: nothing was written. When the lock was
     * taken but the balance cannot pay, the statement refuses itself (`amora_refuse`, decision
     * 203): it fails with INSUFFICIENT_TOKENS and keeps none of its writes, so it needs no
     * transaction around it.
     */
    async sendInOne(
      db: DbOrTx,
      input: {
        userId: string;
        chatId: string;
        botId: string;
        language: string;
        staleBefore: Date;
        now: Date;
        message: NewMessage;
        charged: number;
        deadlineAt: Date;
        debit: ((when: SQL) => SQL) | null;
        historyLimit: number;
      },
    ): Promise<{
      chat: ChatRow | null;
      message: MessageRow | null;
      user: UserRow | null;
      balance: number | null;
      recent: HistoryRow[];
    }> {
      const { userId, chatId } = input;
      const msg = insertParts(messages, input.message);
      const taken = sql`exists (select 1 from locked)`;
      const result: unknown = await db.execute(sql`
        with locked as (
          update chats set locked = true, locked_at = ${input.now.toISOString()}::timestamptz,
            last_activity_at = ${input.now.toISOString()}::timestamptz
          where id = ${chatId} and user_id = ${userId} and bot_id = ${input.botId}
            and language = ${input.language} and status <> 'broken'
            and (locked = false or locked_at is null or locked_at < ${input.staleBefore.toISOString()}::timestamptz)
            and exists (select 1 from users where id = ${userId} and not banned and deleted_at is null)
          returning *
        ),
        ${input.debit ? sql`${input.debit(taken)},` : sql``}
        msg as (
          insert into messages (${msg.columns}) select ${msg.values} where ${taken} returning *
        ),
        owed as (
          insert into owed_replies (message_id, chat_id, user_id, charged, deadline_at)
          select id, chat_id, user_id, ${input.charged}::integer, ${input.deadlineAt.toISOString()}::timestamptz from msg
          returning message_id
        )
        select (select row_to_json(l) from locked l) as chat,
          (select row_to_json(m) from msg m) as message,
          (select count(*) from owed) as owed,
          (select row_to_json(u) from users u where u.id = ${userId}) as "user",
          ${input.debit ? sql`(select balance_after from ledger_entry)` : sql`null::integer`} as balance,
          ${
            input.debit
              ? sql`case when ${taken} and not exists (select 1 from ledger_entry)
                  then amora_refuse('INSUFFICIENT_TOKENS') else false end`
              : sql`false`
          } as refused,
          (select coalesce(json_agg(p), '[]'::json) from (
            select id, self, text, event_type from messages where chat_id = ${chatId}
            order by seq desc limit ${input.historyLimit}
          ) p) as recent`);
      const [row] = resultRows<{
        chat: unknown;
        message: unknown;
        user: unknown;
        balance: number | string | null;
        recent: unknown;
      }>(result);
      return {
        chat: rowFromJson(chats, row?.chat),
        message: rowFromJson(messages, row?.message),
        user: rowFromJson(users, row?.user),
        balance: row?.balance === null || row?.balance === undefined ? null : Number(row.balance),
        recent: historyFromJson(row?.recent),
      };
    },
    /**
     * Her reply in ONE statement (decision 120): the claim (the owed reply comes off the books,
     * decision 033), her message and the chat's patch, the lock released unless another reply is
     * still owed. Nothing is written when the claim fails (`settled` false).
     */
    async storeReply(
      db: DbOrTx,
      input: { userMessageId: string; chatId: string; message: NewMessage; patch: ChatPatch },
    ): Promise<{ settled: boolean; message: MessageRow | null; chat: ChatRow | null }> {
      const { userMessageId, chatId } = input;
      const msg = insertParts(messages, input.message);
      // The snapshot still holds the row being deleted: hence `message_id <> …`.
      const stillOwed = sql`exists (select 1 from owed_replies where chat_id = ${chatId} and message_id <> ${userMessageId})`;
      const set = [
        ...setParts(chats, input.patch),
        sql`locked = case when ${stillOwed} then locked else false end`,
        sql`locked_at = case when ${stillOwed} then locked_at else null end`,
      ];
      const result: unknown = await db.execute(sql`
        with settled as (delete from owed_replies where message_id = ${userMessageId} returning message_id),
        msg as (
          insert into messages (${msg.columns}) select ${msg.values}
          where exists (select 1 from settled) returning *
        ),
        upd as (
          update chats set ${sql.join(set, sql`, `)}
          where id = ${chatId} and exists (select 1 from settled) returning *
        )
        select exists (select 1 from settled) as settled,
          (select row_to_json(m) from msg m) as message,
          (select row_to_json(u) from upd u) as chat`);
      const [row] = resultRows<{ settled: boolean; message: unknown; chat: unknown }>(result);
      return {
        settled: Boolean(row?.settled),
        message: rowFromJson(messages, row?.message),
        chat: rowFromJson(chats, row?.chat),
      };
    },
    async countMessages(db: DbOrTx, chatId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<string>`count(*)` })
        .from(messages)
        .where(eq(messages.chatId, chatId));
      return Number(row?.n ?? 0);
    },
  };
}
export type ChatsRepository = ReturnType<typeof createChatsRepository>;
