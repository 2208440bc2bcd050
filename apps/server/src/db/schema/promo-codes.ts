import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Promo codes: bonus tokens (credited through the ledger) or a discount on the next checkout. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: text('id').primaryKey(),
    /** Stored upper-case; matched case-insensitively. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['bonus_tokens', 'discount_percent'] }).notNull(),
    amount: integer('amount').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_unique').on(t.code),
    check('promo_codes_amount_positive', sql`${t.amount} > 0`),
    check('promo_codes_uses_within_max', sql`${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses}`),
  ],
);
export type PromoCodeRow = typeof promoCodes.$inferSelect;

/**
 * One row per (user, code): the unique index is what makes "one use per user" hold under
 * concurrency. A discount redemption waits for a checkout (`consumed_payment_id`).
 */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: text('id').primaryKey(),
    codeId: text('code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['bonus_tokens', 'discount_percent'] }).notNull(),
    amount: integer('amount').notNull(),
    consumedPaymentId: text('consumed_payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_redemptions_user_code_unique').on(t.userId, t.codeId),
    index('promo_redemptions_user').on(t.userId),
  ],
);
export type PromoRedemptionRow = typeof promoRedemptions.$inferSelect;
