import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { chats } from './chats.ts';
import { users } from './users.ts';

/** What a user thought of a character's chat (`/chat/:id/feedback`). */
export const chatFeedback = pgTable(
  'chat_feedback',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    text: text('text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('chat_feedback_chat').on(t.chatId)],
);
export type ChatFeedbackRow = typeof chatFeedback.$inferSelect;

/** Client-side platform events (the Telegram mini app's launch log). */
export const platformEvents = pgTable(
  'platform_events',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: text('user_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('platform_events_kind').on(t.kind, t.createdAt)],
);
