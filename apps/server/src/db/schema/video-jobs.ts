import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { chats } from './chats.ts';

/**
 * One requested video (SPEC §4 "Video generation"). The placeholder message `messageId` shows the
 * job's state in the chat and is replaced by the clip when it is ready.
 */
export const videoJobs = pgTable(
  'video_jobs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    botId: text('bot_id').notNull(),
    messageId: text('message_id').notNull(),
    /** pending → done | error; a pending job past its deadline shows as "taking longer". */
    status: text('status', { enum: ['pending', 'done', 'error'] })
      .notNull()
      .default('pending'),
    /** Tokens paid (0 for the first, free video); refunded if the job is abandoned. */
    cost: integer('cost').notNull().default(0),
    attempts: integer('attempts').notNull().default(1),
    provider: text('provider').notNull(),
    mediaKey: text('media_key'),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('video_jobs_user').on(t.userId), index('video_jobs_chat').on(t.chatId)],
);
export type VideoJobRow = typeof videoJobs.$inferSelect;
