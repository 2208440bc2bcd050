import { createHash } from 'node:crypto';
import {
  ALBUM_IMAGE_MAX_BYTES,
  ALBUM_IMAGE_TYPES,
  ALBUM_VIDEO_MAX_BYTES,
  ALBUM_VIDEO_TYPES,
  albumCategories,
  albumCoverMediaCategory,
  albumItemMediaCategory,
  albumTagOfMedia,
  isAlwaysViewable,
  type AdminAlbumCategory,
  type AdminAlbumCategoryBody,
  type AlbumCategory,
  type AlbumCategoryView,
  type AlbumItem,
} from '@amora/shared/albums.ts';
import { isSubscribedNow } from '@amora/shared/subscriptions.ts';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import type { AlbumCategoryRow } from '../../db/schema/albums.ts';
import type { BotRow, MediaRow } from '../../db/schema/bots.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { newId } from '../../lib/tokens.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { MediaAccessService } from '../media/media-access.service.ts';
import type { AlbumsRepository } from './albums.repository.ts';

/** Categories an operator fills (user_content is what a chat exchanged, not an upload). */
export const operatorCategories = albumCategories.filter((c) => c !== 'user_content');

export const albumUnlockKey = (userId: string, botId: string, tag: string) =>
  `album:${userId}:${botId}:${tag}`;

const COVER_WIDTH = 336;
const COVER_HEIGHT = 480;

export type UploadedFile = { mime: string; data: Buffer };

/**
 * Private albums (issue 11 item 2, SPEC §5, §6): her categories with prices and covers, unlocks paid
 * once through the ledger, every file behind a signed URL for an entitled user (decisions 065-067).
 */
export function createAlbumsService(deps: {
  db: Db;
  repo: AlbumsRepository;
  ledger: LedgerService;
  storage: MediaStorage;
  access: MediaAccessService;
}) {
  const { db, repo, ledger, storage, access } = deps;

  async function subscriptionState(userId: string) {
    const sub = await repo.subscriptionOf(db, userId);
    if (!sub) throw unauthorized('album.signIn');
    return { ...sub, subscribed: isSubscribedNow(sub) };
  }

  async function botOrThrow(remoteId: number): Promise<BotRow> {
    const bot = await repo.botByRemoteId(db, remoteId);
    if (!bot || !bot.active || bot.isSupport) throw notFound('album.notFound');
    return bot;
  }

  const signFor = (userId: string | null, key: string | null): string | null =>
    key ? access.signKey(userId ?? 'guest', key) : null;

  function itemView(userId: string, row: MediaRow): AlbumItem {
    return {
      _id: row.id,
      kind: row.kind === 'video' ? 'video' : 'image',
      url: access.signKey(userId, row.key),
      width: row.width,
      height: row.height,
    };
  }

  /** Her enabled categories as the caller sees them (null caller: a guest). */
  async function categoryViews(
    bot: BotRow,
    userId: string | null,
  ): Promise<{
    categories: AlbumCategoryView[];
    subscribed: boolean;
  }> {
    const rows = (await repo.categoriesOf(db, bot.id)).filter((c) => c.enabled);
    const items = await repo.albumMedia(db, bot.id);
    const counts = new Map<string, number>();
    for (const m of items) {
      const t = albumTagOfMedia(m.category);
      if (t && !t.cover) counts.set(t.tag, (counts.get(t.tag) ?? 0) + 1);
    }
    let subscribed = false;
    let unlocked = new Set<string>();
    if (userId) {
      subscribed = (await subscriptionState(userId)).subscribed;
      unlocked = await repo.unlockedTags(db, userId, bot.id);
    }
    const categories = rows
      .filter((c) => (albumCategories as readonly string[]).includes(c.tag))
      .map((c) => ({
        tagLink: c.tag as AlbumCategory,
        photo: signFor(userId, c.coverKey),
        price: c.price,
        isUnlocked: isAlwaysViewable(c.tag) || subscribed || unlocked.has(c.tag),
        count: counts.get(c.tag) ?? 0,
      }));
    return { categories, subscribed };
  }

  /** Whether the user may open the items of her category `tag` (the rules of SPEC §6). */
  async function entitled(userId: string, botId: string, tag: string): Promise<boolean> {
    const sub = await repo.subscriptionOf(db, userId);
    if (!sub) return false;
    if (isSubscribedNow(sub)) return true;
    const category = await repo.findCategory(db, botId, tag);
    if (!category?.enabled) return false;
    if (isAlwaysViewable(tag)) return true;
    return repo.hasUnlock(db, userId, botId, tag);
  }

  async function makeCover(bot: BotRow, category: AlbumCategoryRow, item: MediaRow): Promise<void> {
    if (item.kind !== 'image') throw new AppError('VALIDATION_ERROR', 'album.coverImage');
    const tag = category.tag;
    const source = await storage.read(item.key);
    // Named after the item's file and its content, so the same picture always gives the same
    // cover file and a cover already stored (a restart's re-seed, every test app) is not blurred
    // again: the blur is the costliest step of seeding the demo albums.
    const file = item.key.slice(item.key.lastIndexOf('/') + 1).replace(/\.\w+$/, '');
    const digest = createHash('sha256').update(source).digest('base64url').slice(0, 10);
    const key = `albums/${bot.remoteId}/${tag}/cover-${file}-${digest}.webp`;
    let size: number;
    if (await storage.has(key)) {
      size = (await storage.read(key)).length;
    } else {
      const teaser = await sharp(source)
        .resize(COVER_WIDTH, COVER_HEIGHT, { fit: 'cover' })
        .blur(14)
        .webp({ quality: 70 })
        .toBuffer();
      await storage.put(key, teaser, 'image/webp');
      size = teaser.length;
    }
    await db.transaction(async (tx) => {
      if (category.coverKey && category.coverKey !== key) await repo.deleteMediaByKey(tx, category.coverKey);
      await repo.insertMedia(tx, [
        {
          id: newId(),
          key,
          botId: bot.id,
          kind: 'image',
          category: albumCoverMediaCategory(tag),
          level: 1,
          mime: 'image/webp',
          width: COVER_WIDTH,
          height: COVER_HEIGHT,
          size,
        },
      ]);
      await repo.updateCategory(tx, category.id, { coverItemId: item.id, coverKey: key });
    });
  }

  async function ensureCategory(botId: string, tag: string): Promise<AlbumCategoryRow> {
    await repo.insertCategoryIfAbsent(db, {
      id: newId(),
      botId,
      tag,
      price: 0,
      enabled: false,
      sort: albumCategories.indexOf(tag as AlbumCategory),
    });
    return (await repo.findCategory(db, botId, tag))!;
  }

  async function adminBot(botId: string): Promise<BotRow> {
    const bot = await repo.botById(db, botId);
    if (!bot) throw notFound();
    return bot;
  }

  return {
    entitled,

    /**
     * For the media access rules: whether `row` (one of her album files) opens for the user. A cover
     * is a blurred teaser anyone signed in may see; an item needs the category's entitlement.
     */
    async grantsMedia(userId: string, row: MediaRow): Promise<boolean> {
      const t = albumTagOfMedia(row.category);
      if (!t || !row.botId) return false;
      if (t.cover) return true;
      return entitled(userId, row.botId, t.tag);
    },

    /** GET /api/album/categories/:remoteId/:userId|guest. */
    async categories(remoteId: number, pathUser: string, callerId: string | null) {
      if (pathUser !== 'guest') {
        if (!callerId) throw unauthorized('album.signIn');
        if (pathUser !== callerId) throw notFound('album.notYours');
      }
      const bot = await botOrThrow(remoteId);
      return categoryViews(bot, pathUser === 'guest' ? null : callerId);
    },

    /** The caller's collection: every character with an album, her categories as he sees them. */
    async collection(userId: string) {
      const { subscribed } = await subscriptionState(userId);
      const bots = [];
      for (const bot of await repo.activeBots(db)) {
        const { categories } = await categoryViews(bot, userId);
        if (!categories.length) continue;
        const main = await repo.mainArtKey(db, bot.id);
        bots.push({
          bot: {
            _id: bot.id,
            remote_id: bot.remoteId,
            name: bot.name,
            avatar: main ? storage.url(main) : null,
          },
          categories,
        });
      }
      return { subscribed, bots };
    },

    /** POST /api/album/unlock: pays her category's price once; a replay charges nothing. */
    async unlock(userId: string, botId: string, tag: AlbumCategory) {
      const user = await subscriptionState(userId);
      const bot = await repo.botById(db, botId);
      const category = bot ? await repo.findCategory(db, bot.id, tag) : null;
      if (!bot || !bot.active || !category?.enabled) throw notFound('album.notFound');
      const banned = await repo.isBanned(db, userId);
      if (banned) throw new AppError('BANNED', 'album.banned');
      if (user.subscribed || isAlwaysViewable(tag) || (await repo.hasUnlock(db, userId, bot.id, tag)))
        return { category: tag, tokens: user.tokens, charged: false };
      const result = await db.transaction(async (tx) => {
        const fresh = await repo.insertUnlock(tx, {
          id: newId(),
          userId,
          botId: bot.id,
          tag,
          price: category.price,
        });
        if (!fresh || category.price === 0) return { charged: false, balance: null as number | null };
        const paid = await ledger.applyIn(tx, {
          userId,
          delta: -category.price,
          reason: 'album',
          reference: `${bot.remoteId}:${tag}`,
          idempotencyKey: albumUnlockKey(userId, bot.id, tag),
        });
        return { charged: paid.applied, balance: paid.balance };
      });
      if (result.balance !== null) ledger.notifyBalance(userId, result.balance);
      const tokens = result.balance ?? (await subscriptionState(userId)).tokens;
      return { category: tag, tokens, charged: result.charged };
    },

    /** GET /api/album/:remoteId/category/:category: the items as signed URLs; 403 while locked. */
    async items(userId: string, remoteId: number, tag: AlbumCategory) {
      await subscriptionState(userId);
      const bot = await botOrThrow(remoteId);
      const category = await repo.findCategory(db, bot.id, tag);
      if (!category?.enabled) throw notFound('album.notFound');
      if (!(await entitled(userId, bot.id, tag))) throw forbidden('album.locked');
      const rows = await repo.albumMedia(db, bot.id, albumItemMediaCategory(tag));
      return {
        category: tag,
        bot: { _id: bot.id, remote_id: bot.remoteId, name: bot.name },
        items: rows.map((r) => itemView(userId, r)),
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      };
    },

    /** GET /api/album/user-content/:chatId: the photos of the caller's chat, both ways, signed. */
    async userContent(userId: string, chatId: string) {
      const chat = await repo.chatOf(db, chatId, userId);
      if (!chat) throw notFound();
      const rows = await repo.chatPhotos(db, chat.id);
      const { urls } = await access.sign(
        userId,
        rows.map((r) => r.photo),
      );
      return {
        photos: rows.flatMap((r) => {
          const url = urls[r.photo];
          return url ? [{ messageId: r.id, url, self: r.self, date: r.createdAt.toISOString() }] : [];
        }),
      };
    },

    // Operator console ------------------------------------------------------------------------

    async adminAlbum(
      operatorId: string,
      botId: string,
    ): Promise<{ botId: string; categories: AdminAlbumCategory[] }> {
      const bot = await adminBot(botId);
      const rows = new Map((await repo.categoriesOf(db, bot.id)).map((c) => [c.tag, c]));
      const media = await repo.albumMedia(db, bot.id);
      return {
        botId: bot.id,
        categories: operatorCategories.map((tag) => {
          const c = rows.get(tag);
          return {
            category: tag,
            enabled: c?.enabled ?? false,
            price: c?.price ?? 0,
            cover: c?.coverKey ? access.signKey(operatorId, c.coverKey) : null,
            coverItemId: c?.coverItemId ?? null,
            items: media
              .filter((m) => m.category === albumItemMediaCategory(tag))
              .map((m) => itemView(operatorId, m)),
          };
        }),
      };
    },

    async updateCategory(botId: string, tag: AlbumCategory, body: AdminAlbumCategoryBody): Promise<void> {
      if (tag === 'user_content') throw new AppError('VALIDATION_ERROR', 'album.userContent');
      const bot = await adminBot(botId);
      const category = await ensureCategory(bot.id, tag);
      await repo.updateCategory(db, category.id, {
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
        ...(body.price !== undefined ? { price: body.price } : {}),
      });
      if (body.coverItemId === null) {
        if (category.coverKey) await repo.deleteMediaByKey(db, category.coverKey);
        await repo.updateCategory(db, category.id, { coverItemId: null, coverKey: null });
      } else if (body.coverItemId) {
        const item = await repo.findMedia(db, body.coverItemId);
        if (!item || item.botId !== bot.id || item.category !== albumItemMediaCategory(tag))
          throw new AppError('VALIDATION_ERROR', 'album.coverImage');
        await makeCover(bot, category, item);
      }
    },

    /** Stores an uploaded item: images re-encoded (EXIF and other metadata dropped), videos checked. */
    async addItem(
      operatorId: string,
      botId: string,
      tag: AlbumCategory,
      file: UploadedFile,
    ): Promise<AlbumItem> {
      if (tag === 'user_content') throw new AppError('VALIDATION_ERROR', 'album.userContent');
      const bot = await adminBot(botId);
      const isImage = (ALBUM_IMAGE_TYPES as readonly string[]).includes(file.mime);
      const isVideo = (ALBUM_VIDEO_TYPES as readonly string[]).includes(file.mime);
      if (!isImage && !isVideo) throw new AppError('VALIDATION_ERROR', 'album.fileType');
      const max = isImage ? ALBUM_IMAGE_MAX_BYTES : ALBUM_VIDEO_MAX_BYTES;
      if (file.data.length > max)
        throw new AppError('VALIDATION_ERROR', 'album.fileTooLarge', { mb: Math.round(max / 1_000_000) });
      const id = newId();
      let stored: { data: Buffer; mime: string; ext: string; width: number | null; height: number | null };
      if (isImage) {
        try {
          // sharp writes no metadata unless asked: EXIF (GPS, camera) is gone; rotate() applies the orientation first.
          const { data, info } = await sharp(file.data, { limitInputPixels: 50_000_000 })
            .rotate()
            .resize(2000, 2000, { fit: 'inside', withoutEnlargement: true })
            .webp({ quality: 85 })
            .toBuffer({ resolveWithObject: true });
          stored = { data, mime: 'image/webp', ext: 'webp', width: info.width, height: info.height };
        } catch {
          throw new AppError('VALIDATION_ERROR', 'album.badImage');
        }
      } else {
        const webm = file.data.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
        const mp4 = file.data.subarray(4, 8).toString('latin1') === 'ftyp';
        if ((file.mime === 'video/webm' && !webm) || (file.mime === 'video/mp4' && !mp4))
          throw new AppError('VALIDATION_ERROR', 'album.fileType');
        stored = { data: file.data, mime: file.mime, ext: webm ? 'webm' : 'mp4', width: null, height: null };
      }
      const key = `albums/${bot.remoteId}/${tag}/${id}.${stored.ext}`;
      await storage.put(key, stored.data, stored.mime);
      const category = await ensureCategory(bot.id, tag);
      const existing = await repo.albumMedia(db, bot.id, albumItemMediaCategory(tag));
      await repo.insertMedia(db, [
        {
          id,
          key,
          botId: bot.id,
          kind: isImage ? 'image' : 'video',
          category: albumItemMediaCategory(tag),
          level: 1,
          mime: stored.mime,
          width: stored.width,
          height: stored.height,
          size: stored.data.length,
          sort: existing.length,
        },
      ]);
      const row = (await repo.findMedia(db, id))!;
      if (!category.coverKey && isImage) await makeCover(bot, category, row);
      return itemView(operatorId, row);
    },

    async deleteItem(botId: string, itemId: string): Promise<void> {
      const bot = await adminBot(botId);
      const item = await repo.findMedia(db, itemId);
      const t = item ? albumTagOfMedia(item.category) : null;
      if (!item || item.botId !== bot.id || !t || t.cover) throw notFound();
      const category = await repo.findCategory(db, bot.id, t.tag);
      await db.transaction(async (tx) => {
        if (category?.coverItemId === item.id) {
          if (category.coverKey) await repo.deleteMediaByKey(tx, category.coverKey);
          await repo.updateCategory(tx, category.id, { coverItemId: null, coverKey: null });
        }
        await repo.deleteMedia(tx, item.id);
      });
    },

    /** For the seed: makes the cover of a category from one of its items. */
    async coverFrom(botId: string, tag: string, itemId: string): Promise<void> {
      const bot = await adminBot(botId);
      const category = await ensureCategory(bot.id, tag);
      const item = await repo.findMedia(db, itemId);
      if (item) await makeCover(bot, category, item);
    },
  };
}
export type AlbumsService = ReturnType<typeof createAlbumsService>;
