import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Persona } from '@amora/shared/persona.ts';
import type { CharacterVoice } from '@amora/shared/voice.ts';
import type { StudioCardFields } from '@amora/shared/studio.ts';

export const bots = pgTable(
  'bots',
  {
    id: text('id').primaryKey(),
    remoteId: integer('remote_id').notNull(),
    name: text('name').notNull(),
    age: integer('age').notNull(),
    sex: text('sex', { enum: ['male', 'female'] }).notNull(),
    type: text('type', { enum: ['anime', 'realistic'] }).notNull(),
    bodyType: text('body_type').notNull(),
    hobbies: jsonb('hobbies').$type<{ en: string[]; ru: string[] }>().notNull(),
    description: jsonb('description').$type<{ en: string; ru: string }>().notNull(),
    persona: jsonb('persona').$type<Persona | null>(),
    /** How she sounds in voice notes (built-in TTS); null: a default from her sex and id. */
    voice: jsonb('voice').$type<CharacterVoice | null>(),
    isVideo: boolean('is_video').notNull().default(false),
    videoQuality: integer('video_quality').notNull().default(0),
    videoAvatar: text('video_avatar'),
    /** The Character Card fields she came with or was exported with (issue 11, decision 071). */
    card: jsonb('card').$type<StudioCardFields | null>(),
    events: jsonb('events').$type<string[]>().notNull().default([]),
    isSupport: boolean('is_support').notNull().default(false),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bots_remote_id_unique').on(t.remoteId)],
);
export type BotRow = typeof bots.$inferSelect;

/** Media files (images, clips, voice notes). `key` is the storage key under /media. */
export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull(),
    botId: text('bot_id').references(() => bots.id, { onDelete: 'cascade' }),
    ownerUserId: text('owner_user_id'),
    kind: text('kind', { enum: ['image', 'video', 'audio'] }).notNull(),
    category: text('category').notNull(),
    level: integer('level').notNull().default(1),
    mime: text('mime').notNull(),
    width: integer('width'),
    height: integer('height'),
    size: integer('size').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('media_key_unique').on(t.key), index('media_bot').on(t.botId)],
);
export type MediaRow = typeof media.$inferSelect;
