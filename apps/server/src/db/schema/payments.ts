import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One attempt to pay for a pack or a plan (SPEC §3 payment statuses). Amounts are in minor units
 * of `currency` (cents; stars for XTR). Tokens are credited through the ledger with the key
 * `payment:<id>:credit`, so a payment can never credit twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    type: text('type', { enum: ['purchase', 'subscription'] }).notNull(),
    offerId: text('offer_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    tokens: integer('tokens').notNull(),
    status: text('status', {
      enum: ['pending', 'success', 'error', 'failed', 'declined', 'fraud', 'chargeback', 'refunded'],
    })
      .notNull()
      .default('pending'),
    /** The subscription this payment starts or renews. */
    subscriptionId: text('subscription_id'),
    /** The provider's id for this checkout (session id, invoice payload, charge id). */
    providerRef: text('provider_ref'),
    /** A reusable payment method returned by the provider (renewals). */
    savedMethod: text('saved_method'),
    cardLast4: text('card_last4'),
    /** Tokens a refund or chargeback could not take back because they were already spent. */
    clawbackShortfall: integer('clawback_shortfall').notNull().default(0),
    failureMessage: text('failure_message'),
    /** When the reconciliation job last asked the provider about this pending payment (decision 034). */
    reconciledAt: timestamp('reconciled_at', { withTimezone: true, mode: 'date' }),
    /** Paid for an account deleted meanwhile: the money goes back through the provider; set until it has. */
    refundDueAt: timestamp('refund_due_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_status_created').on(t.status, t.createdAt),
    index('payments_user_created').on(t.userId, t.createdAt),
    index('payments_provider_ref').on(t.provider, t.providerRef),
    check('payments_amount_non_negative', sql`${t.amount} >= 0`),
  ],
);
export type PaymentRow = typeof payments.$inferSelect;

/** Webhook events already handled, so a redelivered event is applied once (idempotent by event id). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: text('payment_id'),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_unique').on(t.provider, t.eventId)],
);

/**
 * The built-in sandbox card processor's own state: its hosted checkout sessions and the cards it
 * saved. It is a separate "company": our payment code talks to it only through the provider
 * interface and its signed webhooks.
 */
export const sandboxSessions = pgTable('sandbox_sessions', {
  id: text('id').primaryKey(),
  reference: text('reference').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  returnUrl: text('return_url').notNull(),
  status: text('status', {
    enum: ['open', 'requires_confirmation', 'processing', 'succeeded', 'declined', 'canceled', 'refunded'],
  })
    .notNull()
    .default('open'),
  cardId: text('card_id'),
  eventSeq: bigint('event_seq', { mode: 'number' }).notNull().default(0),
  meta: jsonb('meta').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type SandboxSessionRow = typeof sandboxSessions.$inferSelect;

/**
 * The sandbox processor's outgoing webhooks (decision 034): written in the transaction that moves
 * its session, delivered with retries from here, so a crash loses none (the next start, or any
 * node's sweep, delivers what is due). A row is claimed by moving `claimed_until` forward.
 */
export const sandboxOutbox = pgTable(
  'sandbox_outbox',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_outbox_due').on(t.dueAt)],
);
export type SandboxOutboxRow = typeof sandboxOutbox.$inferSelect;

export const sandboxCards = pgTable('sandbox_cards', {
  id: text('id').primaryKey(),
  last4: text('last4').notNull(),
  brand: text('brand').notNull(),
  /** How the card behaves on later charges: 'ok' or 'decline' (4000 0000 0000 0341). */
  behaviour: text('behaviour').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A user's subscription to a plan (SPEC §3, §4). The newest row is the user's "last" subscription.
 * API states: initial (waiting for the first payment), active, canceled (renewal off, access kept
 * to periodEnd), inactive (ended or never paid).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    planType: text('plan_type', { enum: ['trial', 'monthly', 'quarterly', 'year'] }).notNull(),
    provider: text('provider').notNull(),
    status: text('status', { enum: ['initial', 'active', 'canceled', 'inactive'] })
      .notNull()
      .default('initial'),
    /** Tokens granted each month of the period. */
    monthlyTokens: integer('monthly_tokens').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }),
    periodEnd: timestamp('period_end', { withTimezone: true, mode: 'date' }),
    /** When the renewal job next charges the saved card (null: no renewal). */
    renewAt: timestamp('renew_at', { withTimezone: true, mode: 'date' }),
    /** When the next monthly token grant is due inside a longer period. */
    nextGrantAt: timestamp('next_grant_at', { withTimezone: true, mode: 'date' }),
    grantsDone: integer('grants_done').notNull().default(0),
    savedMethod: text('saved_method'),
    cardLast4: text('card_last4'),
    registrationNumber: text('registration_number'),
    billingDescriptor: text('billing_descriptor'),
    renewalFailedAt: timestamp('renewal_failed_at', { withTimezone: true, mode: 'date' }),
    renewalFailures: integer('renewal_failures').notNull().default(0),
    canceledAt: timestamp('canceled_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_created').on(t.userId, t.createdAt),
    index('subscriptions_renew_at').on(t.renewAt),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;
