import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The first answer to a request sent with a client idempotency key (a command's `requestId`...),
 * kept per (user, scope, key) so that a replay gets the same answer and never runs the effect
 * again (docs/decisions/030-idempotency-keys.md). `attempt` names the run that holds or held the
 * key; `answer` is written in the transaction that commits the effect and its charge.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the key is for, e.g. `command:<chatId>:gift:flowers`: the same key elsewhere is another key. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    attempt: text('attempt').notNull(),
    /** pending while its run is in flight; done once the answer is stored. */
    state: text('state', { enum: ['pending', 'done'] }).notNull(),
    answer: jsonb('answer'),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pk', columns: [t.userId, t.scope, t.key] })],
);
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
