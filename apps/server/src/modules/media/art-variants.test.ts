import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalMediaStorage } from '../../lib/media-storage.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createArtVariants } from './art-variants.ts';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c04070' } })
    .png()
    .toBuffer();

describe('art variants (srcset)', () => {
  it('makes a smaller WebP copy once, keeps it in the storage, and leaves small images alone', async () => {
    const storage = createLocalMediaStorage(mkdtempSync(join(tmpdir(), 'amora-variants-')));
    await storage.put('bots/1/main.png', await png(600, 800));
    await storage.put('bots/1/small.png', await png(200, 260));
    const variants = createArtVariants(storage);

    const [a, b] = await Promise.all([
      variants.keyFor('bots/1/main.png', 240),
      variants.keyFor('bots/1/main.png', 240),
    ]);
    expect(a).toBe('variants/w240/bots/1/main.webp');
    expect(b).toBe(a);
    const meta = await sharp(await storage.read(a)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 240, 320]);
    expect(await variants.keyFor('bots/1/small.png', 360)).toBe('bots/1/small.png');
    expect(await variants.keyFor('bots/1/main.png', undefined)).toBe('bots/1/main.png');
    expect(await variants.keyFor('bots/1/clip.mp4', 240)).toBe('bots/1/clip.mp4');
  });
});

describe('GET /media/<public art>?w=', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('serves her portrait at the asked width to anyone, refuses other widths, and never opens private files', async () => {
    const bots = (await t.app.inject({ method: 'GET', url: '/api/bots' })).json<{
      data: { photos: string[] }[];
    }>().data;
    const portrait = bots.find((b) => b.photos[0])?.photos[0];
    expect(portrait).toMatch(/^\/media\//);
    const res = await t.app.inject({ method: 'GET', url: `${portrait}?w=360` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(360);

    expect((await t.app.inject({ method: 'GET', url: `${portrait}?w=100` })).statusCode).toBe(400);
    // A level-gated file stays closed, with or without a width.
    const files = await t.app.ctx.storage.list('bots/');
    const gated = files.find((k) => !k.endsWith('main.webp') && k.endsWith('.webp'));
    expect(gated).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: `/media/${gated}?w=240` })).statusCode).toBe(404);
  });
});
