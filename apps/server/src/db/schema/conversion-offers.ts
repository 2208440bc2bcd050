import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Which conversion offer a user has been shown or has dismissed (issue 12, decision 080): the
 * primary key is what makes "at most once" hold under concurrency.
 */
export const offerViews = pgTable(
  'offer_views',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offer: text('offer').notNull(),
    shownAt: timestamp('shown_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.offer] })],
);

/**
 * A one-time checkout discount granted by an offer (the leave offer), bound to its user: taken by
 * one payment (`consumed_payment_id`), given back when that payment fails. One per (user, offer).
 */
export const offerDiscounts = pgTable(
  'offer_discounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offer: text('offer').notNull(),
    percent: integer('percent').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedPaymentId: text('consumed_payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('offer_discounts_user_offer_unique').on(t.userId, t.offer),
    index('offer_discounts_payment').on(t.consumedPaymentId),
    check('offer_discounts_percent_range', sql`${t.percent} > 0 AND ${t.percent} < 100`),
  ],
);
export type OfferDiscountRow = typeof offerDiscounts.$inferSelect;

/** The mystery box's reward, drawn once per payment at its fulfilment (the primary key). */
export const mysteryBoxDraws = pgTable('mystery_box_draws', {
  paymentId: text('payment_id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokens: integer('tokens').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
