import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bots, media } from './bots.ts';
import { users } from './users.ts';

/**
 * A character's album categories (SPEC §3 "Album category", issue 11 item 2): which of the 18 she
 * has, the price in tokens, the cover and whether users see it. The items are media rows with the
 * category `album:<tag>` (decision 065).
 */
export const albumCategories = pgTable(
  'album_categories',
  {
    id: text('id').primaryKey(),
    botId: text('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    price: integer('price').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** The item whose blurred teaser is the cover, and the teaser's media key. */
    coverItemId: text('cover_item_id').references(() => media.id, { onDelete: 'set null' }),
    coverKey: text('cover_key'),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('album_categories_bot_tag').on(t.botId, t.tag)],
);
export type AlbumCategoryRow = typeof albumCategories.$inferSelect;

/** One user's purchase of one category of one character: once (unique), paid through the ledger. */
export const albumUnlocks = pgTable(
  'album_unlocks',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    botId: text('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    price: integer('price').notNull(),
    ledgerEntryId: text('ledger_entry_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('album_unlocks_user_bot_tag').on(t.userId, t.botId, t.tag),
    index('album_unlocks_user').on(t.userId),
  ],
);
export type AlbumUnlockRow = typeof albumUnlocks.$inferSelect;
