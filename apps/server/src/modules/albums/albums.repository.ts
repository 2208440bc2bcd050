import { and, asc, eq, isNotNull, isNull, like, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { albumCategories, albumUnlocks, type AlbumCategoryRow } from '../../db/schema/albums.ts';
import { bots, media, type BotRow, type MediaRow } from '../../db/schema/bots.ts';
import { chats, messages } from '../../db/schema/chats.ts';
import { users } from '../../db/schema/users.ts';

export type NewAlbumCategory = typeof albumCategories.$inferInsert;
export type NewAlbumMedia = typeof media.$inferInsert;

/** The album tables, and the few reads of characters, media, users and chats albums need. */
export function createAlbumsRepository() {
  return {
    async botByRemoteId(db: DbOrTx, remoteId: number): Promise<BotRow | null> {
      const [row] = await db.select().from(bots).where(eq(bots.remoteId, remoteId)).limit(1);
      return row ?? null;
    },
    async botById(db: DbOrTx, id: string): Promise<BotRow | null> {
      const [row] = await db.select().from(bots).where(eq(bots.id, id)).limit(1);
      return row ?? null;
    },
    async activeBots(db: DbOrTx): Promise<BotRow[]> {
      return db
        .select()
        .from(bots)
        .where(and(eq(bots.active, true), eq(bots.isSupport, false)))
        .orderBy(asc(bots.sort));
    },
    async mainArtKey(db: DbOrTx, botId: string): Promise<string | null> {
      const [row] = await db
        .select({ key: media.key })
        .from(media)
        .where(and(eq(media.botId, botId), eq(media.category, 'main'), isNull(media.ownerUserId)))
        .limit(1);
      return row?.key ?? null;
    },
    async categoriesOf(db: DbOrTx, botId: string): Promise<AlbumCategoryRow[]> {
      return db
        .select()
        .from(albumCategories)
        .where(eq(albumCategories.botId, botId))
        .orderBy(asc(albumCategories.sort), asc(albumCategories.tag));
    },
    async findCategory(db: DbOrTx, botId: string, tag: string): Promise<AlbumCategoryRow | null> {
      const [row] = await db
        .select()
        .from(albumCategories)
        .where(and(eq(albumCategories.botId, botId), eq(albumCategories.tag, tag)))
        .limit(1);
      return row ?? null;
    },
    async insertCategoryIfAbsent(db: DbOrTx, row: NewAlbumCategory): Promise<void> {
      await db.insert(albumCategories).values(row).onConflictDoNothing();
    },
    async updateCategory(
      db: DbOrTx,
      id: string,
      patch: Partial<Pick<NewAlbumCategory, 'price' | 'enabled' | 'coverItemId' | 'coverKey'>>,
    ): Promise<void> {
      await db.update(albumCategories).set(patch).where(eq(albumCategories.id, id));
    },
    /** Her album files (items and covers), or those of one category. */
    async albumMedia(db: DbOrTx, botId: string, mediaCategory?: string): Promise<MediaRow[]> {
      return db
        .select()
        .from(media)
        .where(
          and(
            eq(media.botId, botId),
            isNull(media.ownerUserId),
            mediaCategory
              ? eq(media.category, mediaCategory)
              : or(like(media.category, 'album:%'), like(media.category, 'album_cover:%')),
          ),
        )
        .orderBy(asc(media.sort), asc(media.createdAt));
    },
    async findMedia(db: DbOrTx, id: string): Promise<MediaRow | null> {
      const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
      return row ?? null;
    },
    async insertMedia(db: DbOrTx, rows: NewAlbumMedia[]): Promise<void> {
      if (rows.length) await db.insert(media).values(rows).onConflictDoNothing();
    },
    async deleteMedia(db: DbOrTx, id: string): Promise<void> {
      await db.delete(media).where(eq(media.id, id));
    },
    async deleteMediaByKey(db: DbOrTx, key: string): Promise<void> {
      await db.delete(media).where(eq(media.key, key));
    },
    async unlockedTags(db: DbOrTx, userId: string, botId: string): Promise<Set<string>> {
      const rows = await db
        .select({ tag: albumUnlocks.tag })
        .from(albumUnlocks)
        .where(and(eq(albumUnlocks.userId, userId), eq(albumUnlocks.botId, botId)));
      return new Set(rows.map((r) => r.tag));
    },
    async hasUnlock(db: DbOrTx, userId: string, botId: string, tag: string): Promise<boolean> {
      const [row] = await db
        .select({ id: albumUnlocks.id })
        .from(albumUnlocks)
        .where(and(eq(albumUnlocks.userId, userId), eq(albumUnlocks.botId, botId), eq(albumUnlocks.tag, tag)))
        .limit(1);
      return Boolean(row);
    },
    /** Records an unlock; false when the user already had it (the unique index). */
    async insertUnlock(db: DbOrTx, row: typeof albumUnlocks.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(albumUnlocks)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: albumUnlocks.id });
      return inserted.length > 0;
    },
    async subscriptionOf(
      db: DbOrTx,
      userId: string,
    ): Promise<{ status: string; endDate: string | null; tokens: number } | null> {
      const [row] = await db
        .select({ status: users.subscriptionStatus, end: users.subscriptionEnd, tokens: users.tokens })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .limit(1);
      return row ? { status: row.status, endDate: row.end?.toISOString() ?? null, tokens: row.tokens } : null;
    },
    async isBanned(db: DbOrTx, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ banned: users.banned })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return Boolean(row?.banned);
    },
    async chatOf(db: DbOrTx, chatId: string, userId: string): Promise<{ id: string; botId: string } | null> {
      const [row] = await db
        .select({ id: chats.id, botId: chats.botId })
        .from(chats)
        .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
        .limit(1);
      return row ?? null;
    },
    /** The photos in a chat, both ways, oldest first (blurred ones are left out until revealed). */
    async chatPhotos(
      db: DbOrTx,
      chatId: string,
    ): Promise<Array<{ id: string; photo: string; self: boolean; createdAt: Date }>> {
      const rows = await db
        .select({
          id: messages.id,
          photo: messages.photo,
          self: messages.self,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(and(eq(messages.chatId, chatId), isNotNull(messages.photo), eq(messages.isBlured, false)))
        .orderBy(asc(messages.createdAt));
      return rows.filter((r): r is typeof r & { photo: string } => Boolean(r.photo));
    },
  };
}
export type AlbumsRepository = ReturnType<typeof createAlbumsRepository>;
