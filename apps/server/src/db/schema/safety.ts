import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { chats } from './chats.ts';
import { users } from './users.ts';

/**
 * What the safety layer saw (decision 044): a crisis statement answered with help, or an under-18
 * statement that put the account on hold. The operator console lists them.
 */
export const safetyEvents = pgTable(
  'safety_events',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: text('chat_id').references(() => chats.id, { onDelete: 'set null' }),
    /** The user's message that triggered it. */
    messageId: text('message_id'),
    kind: text('kind', { enum: ['crisis', 'minor'] }).notNull(),
    /** The start of the user's message (at most 280 characters). */
    excerpt: text('excerpt').notNull(),
    language: text('language').notNull(),
    /** The age the user stated (minor), and the age given at onboarding. */
    statedAge: integer('stated_age'),
    profileAge: integer('profile_age'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('safety_events_created').on(t.createdAt), index('safety_events_user').on(t.userId)],
);
export type SafetyEventRow = typeof safetyEvents.$inferSelect;

/**
 * An account on hold for age review (decision 045), separate from bans: every write answers 403
 * AGE_REVIEW until an operator restores the account (row deleted) or closes it (`closed`).
 */
export const safetyHolds = pgTable('safety_holds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason', { enum: ['age_review'] }).notNull(),
  status: text('status', { enum: ['review', 'closed'] })
    .notNull()
    .default('review'),
  eventId: text('event_id'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type SafetyHoldRow = typeof safetyHolds.$inferSelect;
