import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    name: text('name'),
    age: integer('age'),
    sex: text('sex', { enum: ['male', 'female'] }),
    country: text('country'),
    tokens: integer('tokens').notNull().default(0),
    status: text('status', { enum: ['New', 'Paid', 'Pending'] })
      .notNull()
      .default('New'),
    access: text('access', { enum: ['NEW', 'AVAILABLE', 'CANCELLED', 'NO_REBIL'] })
      .notNull()
      .default('NEW'),
    role: text('role', { enum: ['admin', 'partner', 'user'] })
      .notNull()
      .default('user'),
    geoTier: integer('geo_tier').notNull().default(2),
    geoCountry: text('geo_country'),
    language: text('language').notNull().default('en'),
    languageForChats: text('language_for_chats').notNull().default('en'),
    notifications: boolean('notifications').notNull().default(false),
    subscriptionStatus: text('subscription_status').notNull().default('inactive'),
    subscriptionEnd: timestamp('subscription_end', { withTimezone: true, mode: 'date' }),
    bannedReason: text('banned_reason'),
    banned: boolean('banned').notNull().default(false),
    source: text('source'),
    utmCampaign: text('utm_campaign'),
    utmContent: text('utm_content'),
    utmMedium: text('utm_medium'),
    utmSource: text('utm_source'),
    utmTerm: text('utm_term'),
    affiliatePlatform: text('affiliate_platform'),
    /** SPEC §3 preference values chosen in the profile (Betting … Jewelry); they pick her wished-for gift. */
    preferences: jsonb('preferences').$type<string[]>().notNull().default([]),
    /** A partner's traffic: sign-ups whose utm_source or affiliate_platform is this value (set by the operator). */
    partnerSource: text('partner_source'),
    /** Telegram user id for accounts created or linked by the mini app. */
    telegramId: text('telegram_id'),
    utmRetarget: text('utm_retarget'),
    priceDiff: text('price_diff'),
    isExpat: boolean('is_expat'),
    /** Bumped to end every session at once (password reset, deletion): access tokens carry it. */
    sessionVersion: integer('session_version').notNull().default(0),
    /** When the owner proved the address (the link in the verification email); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /** Paused by the owner (`/deactivate`): data kept, the next sign-in reactivates. */
    pausedAt: timestamp('paused_at', { withTimezone: true, mode: 'date' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_telegram_id_unique').on(t.telegramId),
    check('users_tokens_non_negative', sql`${t.tokens} >= 0`),
  ],
);
export type UserRow = typeof users.$inferSelect;
