import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One-time links of the account (issue 14): `verify` proves the account's address; `email_change`
 * proves a new address before it replaces the old one. Stored as hashes, used once.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['verify', 'email_change'] }).notNull(),
    /** The address the link proves. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_unique').on(t.tokenHash),
    index('account_tokens_user_kind').on(t.userId, t.kind, t.createdAt),
  ],
);

/** A user's report of a message or a character, for the operator's console. */
export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['message', 'bot'] }).notNull(),
    targetId: text('target_id').notNull(),
    chatId: text('chat_id'),
    reason: text('reason').notNull(),
    text: text('text').notNull().default(''),
    /** A copy of what was reported (the message text or the character's name) as it was then. */
    excerpt: text('excerpt').notNull().default(''),
    status: text('status', { enum: ['open', 'reviewed', 'dismissed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('reports_status_created').on(t.status, t.createdAt),
    uniqueIndex('reports_user_target_unique').on(t.userId, t.targetType, t.targetId),
  ],
);
export type ReportRow = typeof reports.$inferSelect;
