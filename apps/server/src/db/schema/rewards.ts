import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Daily rewards: one row per (user, UTC day). The unique index is what makes "once a day" hold
 * under double clicks and across nodes; the ledger credit is written in the same transaction.
 */
export const dailyRewardClaims = pgTable(
  'daily_reward_claims',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The UTC day, YYYY-MM-DD. */
    day: text('day').notNull(),
    /** Position in the streak calendar (1-based). */
    streakDay: integer('streak_day').notNull(),
    /** Days in a row including this one. */
    streak: integer('streak').notNull(),
    tokens: integer('tokens').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('daily_reward_claims_user_day').on(t.userId, t.day)],
);
export type DailyRewardClaimRow = typeof dailyRewardClaims.$inferSelect;

/** A user's reward task; no row means `available`. */
export const rewardTasks = pgTable(
  'reward_tasks',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actionName: text('action_name').notNull(),
    status: text('status', { enum: ['pending', 'verified', 'claimed', 'rejected'] }).notNull(),
    pendingAt: timestamp('pending_at', { withTimezone: true, mode: 'date' }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    tokens: integer('tokens'),
  },
  (t) => [
    uniqueIndex('reward_tasks_user_action').on(t.userId, t.actionName),
    index('reward_tasks_status').on(t.status, t.pendingAt),
  ],
);
export type RewardTaskRow = typeof rewardTasks.$inferSelect;

/** A user's invite code (made on first use). */
export const referralCodes = pgTable(
  'referral_codes',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
  },
  (t) => [uniqueIndex('referral_codes_code').on(t.code)],
);

/**
 * Who invited whom: one row per invitee (the primary key). `rewarded_payment_id` is set once, by
 * the invitee's first successful payment; `reversed_at` once that payment is refunded.
 */
export const referrals = pgTable(
  'referrals',
  {
    inviteeId: text('invitee_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rewardedPaymentId: text('rewarded_payment_id'),
    tokens: integer('tokens').notNull().default(0),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true, mode: 'date' }),
    reversedAt: timestamp('reversed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('referrals_inviter').on(t.inviterId, t.createdAt),
    check('referrals_not_self', sql`${t.inviteeId} <> ${t.inviterId}`),
  ],
);
export type ReferralRow = typeof referrals.$inferSelect;
