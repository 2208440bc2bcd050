import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { newId } from '../../lib/tokens.ts';
import type { BotsRepository, NewMedia } from './bots.repository.ts';
import { demoArtVersion, demoVideoPath, renderCharacterImages, type DemoImage } from './demo-art.ts';
import { demoCharacters, type DemoCharacter } from './seed-characters.ts';

const SUPPORT_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff5f8f"/><stop offset="1" stop-color="#7b4dff"/></linearGradient></defs>
<rect width="256" height="256" rx="128" fill="url(#g)"/>
<path d="M128 192c-6 0-58-34-58-76 0-20 15-36 34-36 11 0 19 6 24 14 5-8 13-14 24-14 19 0 34 16 34 36 0 42-52 76-58 76z" fill="#fff"/>
</svg>`;

const imageKey = (c: { remote_id: number }, img: { key: string }) => `bots/${c.remote_id}/${img.key}.webp`;

type StoredImage = Omit<DemoImage, 'webp'> & { size: number };
const Manifest = z.object({
  version: z.string(),
  images: z.array(
    z.object({
      key: z.string(),
      category: z.enum(['main', 'selfie', 'non-explicit', 'lingerie']),
      level: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
      width: z.number().int(),
      height: z.number().int(),
      size: z.number().int(),
    }),
  ),
});

/**
 * The art is deterministic, so images already on disk (with their manifest) are reused and only a
 * missing set is rendered. Keeps restarts and test runs fast.
 */
async function storeImages(c: DemoCharacter, storage: MediaStorage): Promise<StoredImage[]> {
  const manifestKey = `bots/${c.remote_id}/manifest.json`;
  if (await storage.has(manifestKey)) {
    try {
      const parsed = Manifest.parse(JSON.parse((await storage.read(manifestKey)).toString('utf8')));
      const fresh = parsed.version === demoArtVersion(c) && parsed.images.length > 0;
      const present = await Promise.all(parsed.images.map((m) => storage.has(imageKey(c, m))));
      if (fresh && present.every(Boolean)) return parsed.images;
    } catch {
      // A damaged manifest: render again.
    }
  }
  const rendered = await renderCharacterImages(c);
  const stored: StoredImage[] = [];
  for (const { webp, ...meta } of rendered) {
    await storage.put(imageKey(c, meta), webp, 'image/webp');
    stored.push({ ...meta, size: webp.length });
  }
  await storage.put(
    manifestKey,
    Buffer.from(JSON.stringify({ version: demoArtVersion(c), images: stored })),
    'application/json',
  );
  return stored;
}

/**
 * Seeds the support bot and, unless disabled, the demo characters with their art and clips.
 * Idempotent and safe when several nodes start at once (inserts skip existing rows).
 */
export async function seedBots(deps: {
  db: Db;
  repo: BotsRepository;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  demo: boolean;
}): Promise<void> {
  const { db, repo, storage } = deps;

  if (!(await repo.findByRemoteId(db, 0))) {
    const id = newId();
    const key = 'bots/0/main.webp';
    const webp = await sharp(Buffer.from(SUPPORT_SVG)).webp({ quality: 90 }).toBuffer();
    if (!(await storage.has(key))) await storage.put(key, webp, 'image/webp');
    await db.transaction(async (tx) => {
      const created = await repo.insertIfAbsent(tx, {
        id,
        remoteId: 0,
        name: 'Amora Support',
        age: 0,
        sex: 'female',
        type: 'realistic',
        bodyType: '',
        hobbies: { en: [], ru: [] },
        description: { en: 'Our team answers here.', ru: 'Здесь отвечает наша команда.' },
        isSupport: true,
      });
      if (created) {
        await repo.insertMedia(tx, [
          {
            id: newId(),
            key,
            botId: id,
            kind: 'image',
            category: 'main',
            level: 1,
            mime: 'image/webp',
            width: 256,
            height: 256,
            size: webp.length,
          },
        ]);
      }
    });
  }

  if (!deps.demo) return;
  const started = Date.now();
  let created = 0;
  for (const [index, c] of demoCharacters.entries()) {
    const existing = await repo.findByRemoteId(db, c.remote_id);
    if (existing) {
      // Installs seeded before characters had voices get theirs (an operator's choice is kept).
      if (!existing.voice) await repo.setVoiceIfMissing(db, existing.id, c.voice);
      continue;
    }
    const images = await storeImages(c, storage);
    const id = newId();
    const mediaRows: NewMedia[] = [];
    for (const [i, img] of images.entries()) {
      const key = imageKey(c, img);
      mediaRows.push({
        id: newId(),
        key,
        botId: id,
        kind: 'image',
        category: img.category,
        level: img.level,
        mime: 'image/webp',
        width: img.width,
        height: img.height,
        size: img.size,
        sort: i,
      });
    }
    let videoKey: string | null = null;
    const videoPath = c.is_video ? demoVideoPath(c.remote_id) : null;
    if (videoPath) {
      videoKey = `bots/${c.remote_id}/video.webm`;
      const clip = await readFile(videoPath);
      if (!(await storage.has(videoKey))) await storage.put(videoKey, clip, 'video/webm');
      mediaRows.push({
        id: newId(),
        key: videoKey,
        botId: id,
        kind: 'video',
        category: 'video_avatar',
        level: 1,
        mime: 'video/webm',
        size: clip.length,
        sort: 100,
      });
    }
    await db.transaction(async (tx) => {
      const inserted = await repo.insertIfAbsent(tx, {
        id,
        remoteId: c.remote_id,
        name: c.name,
        age: c.age,
        sex: c.sex,
        type: c.type,
        bodyType: c.body_type,
        hobbies: c.hobbies,
        description: c.desc,
        persona: c.persona,
        voice: c.voice,
        card: c.card,
        isVideo: c.is_video,
        videoQuality: c.video_quality,
        videoAvatar: videoKey ? storage.url(videoKey) : null,
        sort: index,
      });
      if (inserted) {
        await repo.insertMedia(tx, mediaRows);
        created++;
      }
    });
  }
  if (created) deps.log.info({ created, ms: Date.now() - started }, 'seeded demo characters');
}
