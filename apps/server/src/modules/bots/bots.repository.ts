import type { CharacterVoice } from '@amora/shared/voice.ts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bots, media, type BotRow, type MediaRow } from '../../db/schema/bots.ts';

export type NewBot = typeof bots.$inferInsert;
export type NewMedia = typeof media.$inferInsert;

export function createBotsRepository() {
  return {
    async listActive(db: DbOrTx): Promise<BotRow[]> {
      return db
        .select()
        .from(bots)
        .where(and(eq(bots.active, true), eq(bots.isSupport, false)))
        .orderBy(asc(bots.sort), asc(bots.remoteId));
    },
    async findById(db: DbOrTx, id: string): Promise<BotRow | null> {
      const [row] = await db.select().from(bots).where(eq(bots.id, id)).limit(1);
      return row ?? null;
    },
    async findByRemoteId(db: DbOrTx, remoteId: number): Promise<BotRow | null> {
      const [row] = await db.select().from(bots).where(eq(bots.remoteId, remoteId)).limit(1);
      return row ?? null;
    },
    async findManyByIds(db: DbOrTx, ids: string[]): Promise<BotRow[]> {
      if (!ids.length) return [];
      return db.select().from(bots).where(inArray(bots.id, ids));
    },
    async mediaFor(db: DbOrTx, botIds: string[]): Promise<MediaRow[]> {
      if (!botIds.length) return [];
      return db.select().from(media).where(inArray(media.botId, botIds)).orderBy(asc(media.sort));
    },
    /** Inserts a bot unless one with its remote_id exists; true when this call created it. */
    async insertIfAbsent(db: DbOrTx, bot: NewBot): Promise<boolean> {
      const rows = await db.insert(bots).values(bot).onConflictDoNothing().returning({ id: bots.id });
      return rows.length === 1;
    },
    async setVoiceIfMissing(db: DbOrTx, id: string, voice: CharacterVoice): Promise<void> {
      await db
        .update(bots)
        .set({ voice })
        .where(and(eq(bots.id, id), isNull(bots.voice)));
    },
    async insertMedia(db: DbOrTx, rows: NewMedia[]): Promise<void> {
      if (rows.length) await db.insert(media).values(rows).onConflictDoNothing();
    },
  };
}
export type BotsRepository = ReturnType<typeof createBotsRepository>;
