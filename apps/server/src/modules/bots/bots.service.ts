import { createHash } from 'node:crypto';
import type { Bot } from '@amora/shared/bots.ts';
import type { BotFilter } from '@amora/shared/enums.ts';
import type { Db } from '../../db/client.ts';
import type { BotRow, MediaRow } from '../../db/schema/bots.ts';
import { createEntityCache } from '../../lib/entity-cache.ts';
import { notFound } from '../../lib/errors.ts';
import type { SharedState } from '../../lib/shared-state.ts';
import { isPublicArt, type MediaStorage } from '../../lib/media-storage.ts';
import type { BotsRepository } from './bots.repository.ts';

const LIST_CACHE_MS = 5_000;

export type BotWithRow = { row: BotRow; dto: Bot };

export function createBotsService(deps: {
  db: Db;
  repo: BotsRepository;
  storage: MediaStorage;
  /** The bus that keeps every node's cache of characters current (decision 091). */
  shared: SharedState;
}) {
  const { db, repo, storage } = deps;
  let cache: { at: number; bots: BotWithRow[]; json: Map<BotFilter, { body: string; etag: string }> } | null =
    null;

  function toDto(b: BotRow, mediaRows: MediaRow[]): Bot {
    // Only her public art goes in the (public, cached) list; the rest needs an entitlement (decision 040).
    const images = mediaRows.filter((m) => m.kind === 'image' && isPublicArt(m));
    const main = images.find((m) => m.category === 'main') ?? images[0];
    const ordered = main ? [main, ...images.filter((m) => m !== main)] : images;
    const video = mediaRows.find((m) => m.kind === 'video' && isPublicArt(m));
    return {
      _id: b.id,
      remote_id: b.remoteId,
      name: b.name,
      age: b.age,
      sex: b.sex,
      type: b.type,
      body_type: b.bodyType,
      hobbies: b.hobbies.en,
      hobbies_ru: b.hobbies.ru,
      desc: b.description,
      photos: ordered.map((m) => storage.url(m.key)),
      avatar: main ? storage.url(main.key) : null,
      video_avatar: video ? storage.url(video.key) : null,
      is_video: b.isVideo,
      video_quality: b.videoQuality,
      events: b.events,
    };
  }

  async function withMedia(rows: BotRow[]): Promise<BotWithRow[]> {
    const mediaRows = await repo.mediaFor(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      row,
      dto: toDto(
        row,
        mediaRows.filter((m) => m.botId === row.id),
      ),
    }));
  }

  async function all(): Promise<BotWithRow[]> {
    if (cache && Date.now() - cache.at < LIST_CACHE_MS) return cache.bots;
    const bots = await withMedia(await repo.listActive(db));
    cache = { at: Date.now(), bots, json: new Map() };
    return bots;
  }

  /**
   * A character by id with her public art: read on every message, changed only by the seed, so
   * cached per node; `invalidate()` clears it on every node. Only public art is in the DTO, so the
   * voice notes and videos made for users do not change it.
   */
  const byId = createEntityCache({
    name: 'bots',
    shared: deps.shared,
    load: async (id: string): Promise<BotWithRow | null> => {
      const row = await repo.findById(db, id);
      if (!row) return null;
      const [bot] = await withMedia([row]);
      return bot!;
    },
  });

  function filtered(bots: Bot[], filter: BotFilter): Bot[] {
    if (filter === 'all') return bots;
    if (filter === 'video') return bots.filter((b) => b.is_video);
    return bots.filter((b) => b.type === filter);
  }

  return {
    async list(filter: BotFilter): Promise<Bot[]> {
      return filtered(
        (await all()).map((b) => b.dto),
        filter,
      );
    },
    /**
     * The list as a ready JSON body with an ETag: the hottest public read, so it is serialised once
     * per cache window instead of on every request.
     */
    async listJson(filter: BotFilter): Promise<{ body: string; etag: string }> {
      const bots = await all();
      const hit = cache?.json.get(filter);
      if (hit) return hit;
      const body = JSON.stringify({
        data: filtered(
          bots.map((b) => b.dto),
          filter,
        ),
      });
      const entry = { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
      cache?.json.set(filter, entry);
      return entry;
    },
    /** A bot by id, including the support bot; NOT_FOUND for unknown or inactive ones. */
    async get(id: string): Promise<BotWithRow> {
      const bot = await byId.get(id);
      if (!bot || !bot.row.active) throw notFound('bot.notFound');
      return bot;
    },
    async getMany(ids: string[]): Promise<Map<string, BotWithRow>> {
      const rows = await repo.findManyByIds(db, [...new Set(ids)]);
      return new Map((await withMedia(rows)).map((b) => [b.row.id, b]));
    },
    async support(): Promise<BotWithRow> {
      const row = await repo.findByRemoteId(db, 0);
      if (!row) throw notFound('support.unavailable');
      const [bot] = await withMedia([row]);
      return bot!;
    },
    /** Resolves once this node hears changes to characters from the others. */
    start: () => byId.start(),
    /** Characters changed (the seed): every node drops its cached copies. */
    invalidate(): void {
      cache = null;
      byId.invalidateAll();
    },
  };
}
export type BotsService = ReturnType<typeof createBotsService>;
