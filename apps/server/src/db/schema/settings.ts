import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Prices, costs and constants (SPEC §9), one JSON value per key; seeded, editable. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Generated secrets when several nodes share one PostgreSQL (DATA_DIR is per node). Never served
 * by the API.
 */
export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
