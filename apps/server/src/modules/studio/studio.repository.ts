import { and, asc, eq, max, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bots, media, type BotRow, type MediaRow } from '../../db/schema/bots.ts';
import type { NewBot, NewMedia } from '../bots/bots.repository.ts';

/** The studio's writes to characters and their media files (admin only). */
export function createStudioRepository() {
  return {
    /** Every character but the support chat, hidden ones included. */
    async listAll(db: DbOrTx): Promise<BotRow[]> {
      return db
        .select()
        .from(bots)
        .where(eq(bots.isSupport, false))
        .orderBy(asc(bots.sort), asc(bots.remoteId));
    },
    async find(db: DbOrTx, id: string): Promise<BotRow | null> {
      const [row] = await db
        .select()
        .from(bots)
        .where(and(eq(bots.id, id), eq(bots.isSupport, false)))
        .limit(1);
      return row ?? null;
    },
    async nextRemoteId(db: DbOrTx): Promise<number> {
      const [row] = await db.select({ top: max(bots.remoteId) }).from(bots);
      return (row?.top ?? 0) + 1;
    },
    async insert(db: DbOrTx, bot: NewBot): Promise<BotRow> {
      const [row] = await db.insert(bots).values(bot).returning();
      return row!;
    },
    async update(db: DbOrTx, id: string, patch: Partial<NewBot>): Promise<BotRow | null> {
      const [row] = await db
        .update(bots)
        .set(patch)
        .where(and(eq(bots.id, id), ne(bots.isSupport, true)))
        .returning();
      return row ?? null;
    },
    /** Deletes her, her media rows and (by cascade) every chat with her. */
    async remove(db: DbOrTx, id: string): Promise<boolean> {
      const rows = await db
        .delete(bots)
        .where(and(eq(bots.id, id), eq(bots.isSupport, false)))
        .returning({ id: bots.id });
      return rows.length === 1;
    },
    async mediaOf(db: DbOrTx, botId: string): Promise<MediaRow[]> {
      return db
        .select()
        .from(media)
        .where(eq(media.botId, botId))
        .orderBy(asc(media.sort), asc(media.createdAt));
    },
    async insertMedia(db: DbOrTx, row: NewMedia): Promise<MediaRow> {
      const [inserted] = await db.insert(media).values(row).returning();
      return inserted!;
    },
    async setMediaLevel(db: DbOrTx, botId: string, mediaId: string, level: number): Promise<MediaRow | null> {
      const [row] = await db
        .update(media)
        .set({ level })
        .where(and(eq(media.id, mediaId), eq(media.botId, botId)))
        .returning();
      return row ?? null;
    },
    async removeMedia(db: DbOrTx, botId: string, mediaId: string): Promise<MediaRow | null> {
      const [row] = await db
        .delete(media)
        .where(and(eq(media.id, mediaId), eq(media.botId, botId)))
        .returning();
      return row ?? null;
    },
  };
}
export type StudioRepository = ReturnType<typeof createStudioRepository>;
