import { createHash } from 'node:crypto';
import { albumItemMediaCategory, AlbumCategory } from '@amora/shared/albums.ts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { newId } from '../../lib/tokens.ts';
import { demoArtVersion } from '../bots/demo-art.ts';
import { demoCharacters, type DemoCharacter } from '../bots/seed-characters.ts';
import { demoAlbumPlan, renderAlbumImages } from './album-art.ts';
import type { AlbumsRepository } from './albums.repository.ts';
import type { AlbumsService } from './albums.service.ts';

const Manifest = z.object({
  version: z.string(),
  images: z.array(z.object({ tag: z.string(), index: z.number().int(), size: z.number().int() })),
});
type Stored = z.infer<typeof Manifest>['images'][number];

const itemKey = (c: DemoCharacter, img: { tag: string; index: number }) =>
  `albums/${c.remote_id}/${img.tag}/demo-${img.index}.webp`;

function version(c: DemoCharacter): string {
  const plan = createHash('sha256').update(JSON.stringify(demoAlbumPlan)).digest('base64url').slice(0, 10);
  return `${demoArtVersion(c)}-${plan}`;
}

/** Renders (or reuses, when already stored for this version) her demo album images. */
async function storeImages(c: DemoCharacter, storage: MediaStorage): Promise<Stored[]> {
  const manifestKey = `albums/${c.remote_id}/manifest.json`;
  if (await storage.has(manifestKey)) {
    try {
      const parsed = Manifest.parse(JSON.parse((await storage.read(manifestKey)).toString('utf8')));
      const present = await Promise.all(parsed.images.map((m) => storage.has(itemKey(c, m))));
      if (parsed.version === version(c) && present.every(Boolean)) return parsed.images;
    } catch {
      // Damaged: render again.
    }
  }
  const stored: Stored[] = [];
  for (const img of await renderAlbumImages(c)) {
    await storage.put(itemKey(c, img), img.webp, 'image/webp');
    stored.push({ tag: img.tag, index: img.index, size: img.webp.length });
  }
  await storage.put(manifestKey, Buffer.from(JSON.stringify({ version: version(c), images: stored })));
  return stored;
}

/**
 * The demo albums (seed/demo-albums.json): for every demo character without an album yet, her
 * non-explicit and lingerie pictures (always viewable) and two priced categories, covers included.
 * Nothing explicit. Idempotent; a category the operator already has is left alone.
 */
export async function seedDemoAlbums(deps: {
  db: Db;
  repo: AlbumsRepository;
  albums: AlbumsService;
  storage: MediaStorage;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { db, repo, albums, storage } = deps;
  const started = Date.now();
  let seeded = 0;
  for (const c of demoCharacters) {
    const bot = await repo.botByRemoteId(db, c.remote_id);
    if (!bot || (await repo.categoriesOf(db, bot.id)).length > 0) continue;
    const images = await storeImages(c, storage);
    for (const [sort, cat] of demoAlbumPlan.categories.entries()) {
      const tag = AlbumCategory.parse(cat.tag);
      const rows = images
        .filter((i) => i.tag === tag)
        .map((img) => ({
          id: newId(),
          key: itemKey(c, img),
          botId: bot.id,
          kind: 'image' as const,
          category: albumItemMediaCategory(tag),
          level: 1,
          mime: 'image/webp',
          width: 600,
          height: 800,
          size: img.size,
          sort: img.index,
        }));
      await repo.insertCategoryIfAbsent(db, {
        id: newId(),
        botId: bot.id,
        tag,
        price: cat.price,
        enabled: true,
        sort,
      });
      await repo.insertMedia(db, rows);
      const first = await repo.albumMedia(db, bot.id, albumItemMediaCategory(tag));
      if (first[0]) await albums.coverFrom(bot.id, tag, first[0].id);
    }
    seeded++;
  }
  if (seeded) deps.log.info({ seeded, ms: Date.now() - started }, 'seeded demo albums');
}
