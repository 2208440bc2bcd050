import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bots } from './bots.ts';
import { users } from './users.ts';

export const chats = pgTable(
  'chats',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    botId: text('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    level: integer('level').notNull().default(1),
    points: integer('points').notNull().default(0),
    mood: text('mood').notNull().default('Neutral'),
    mode: text('mode').notNull().default('gentle'),
    status: text('status').notNull().default('active'),
    locked: boolean('locked').notNull().default(false),
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }),
    typing: text('typing'),
    voiceMode: boolean('voice_mode').notNull().default(false),
    spicy: boolean('spicy').notNull().default(false),
    videoRequested: integer('video_requested').notNull().default(0),
    language: text('language').notNull().default('en'),
    memory: jsonb('memory').$type<Record<string, unknown>>().notNull().default({}),
    /** Rude turns not yet made up for; too many end the relationship (issue 3). */
    offenses: integer('offenses').notNull().default(0),
    /** Her replies since the last gift or gift wish (drives the Gift mood). */
    repliesSinceGift: integer('replies_since_gift').notNull().default(0),
    /**
     * The day's pace (issue 10 item 5): the UTC day, his turns that day, the points plain turns
     * earned that day, and the fraction of a point not yet added. Read by relationship.ts.
     */
    pace: jsonb('pace').$type<Record<string, unknown>>().notNull().default({}),
    /** When neglect last cost points (the sweep claims a chat by moving this forward). */
    neglectedAt: timestamp('neglected_at', { withTimezone: true, mode: 'date' }),
    /** When she last wrote first; once per silence (compared with lastActivityAt). */
    nudgedAt: timestamp('nudged_at', { withTimezone: true, mode: 'date' }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chats_user_bot_unique').on(t.userId, t.botId),
    index('chats_user_activity').on(t.userId, t.lastActivityAt),
    index('chats_status_activity').on(t.status, t.lastActivityAt),
  ],
);
export type ChatRow = typeof chats.$inferSelect;

export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    self: boolean('self').notNull(),
    text: text('text').notNull().default(''),
    photo: text('photo'),
    voice: text('voice'),
    video: text('video'),
    eventType: text('event_type'),
    isBlured: boolean('is_blured').notNull().default(false),
    bluredContent: text('blured_content'),
    liked: boolean('liked').notNull().default(false),
    readed: boolean('readed').notNull().default(false),
    failed: boolean('failed').notNull().default(false),
    delayMs: integer('delay_ms'),
    responseMessageId: text('response_message_id'),
    language: text('language'),
    /** The sender's IANA time zone when he wrote it (SPEC §3 Message.timezone); null for hers. */
    timezone: text('timezone'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('messages_chat_seq').on(t.chatId, t.seq)],
);
export type MessageRow = typeof messages.$inferSelect;
/** What her reply reads of the messages before it: the engine's history and the check-in rule. */
export type HistoryRow = Pick<MessageRow, 'id' | 'self' | 'text' | 'eventType'>;

/**
 * A reply the user paid for and has not had yet (decision 033). Written with the user's message in
 * the send transaction; removed by whichever settles it first, in its own transaction: the reply
 * (stored and delivered) or its failure (refund). A row past `deadline_at` belongs to a node that
 * died or stalled: the recovery sweep on any node claims it (a conditional delete) and refunds it.
 */
export const owedReplies = pgTable(
  'owed_replies',
  {
    messageId: text('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    /** Tokens the message cost (refunded when the reply fails). */
    charged: integer('charged').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('owed_replies_deadline').on(t.deadlineAt), index('owed_replies_chat').on(t.chatId)],
);
export type OwedReplyRow = typeof owedReplies.$inferSelect;
