import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type BotJson = {
  _id: string;
  remote_id: number;
  type: string;
  is_video: boolean;
  photos: string[];
  video_avatar: string | null;
  desc: { en: string; ru: string };
  hobbies: string[];
};
const list = async (type?: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/bots${type ? `?type=${type}` : ''}` });
  return { status: res.statusCode, bots: res.json<{ data: BotJson[] }>().data, res };
};

describe('GET /api/bots', () => {
  it('lists at least 12 demo characters, half anime and half realistic, 3+ with video, no support bot', async () => {
    const { status, bots } = await list();
    expect(status).toBe(200);
    expect(bots.length).toBeGreaterThanOrEqual(12);
    expect(bots.filter((b) => b.type === 'anime').length).toBe(
      bots.filter((b) => b.type === 'realistic').length,
    );
    expect(bots.filter((b) => b.is_video).length).toBeGreaterThanOrEqual(3);
    expect(bots.some((b) => b.remote_id === 0)).toBe(false);
    for (const b of bots) {
      expect(b.desc.en.length).toBeGreaterThan(20);
      expect(b.desc.ru).toMatch(/[а-яё]/i);
      expect(b.hobbies.length).toBeGreaterThan(0);
      // Only her public art is listed (decision 040); the rest of her photos need an entitlement.
      expect(b.photos).toHaveLength(1);
      expect(b.photos.filter((p) => p.includes('main'))).toHaveLength(1);
    }
  });

  it('filters by type', async () => {
    const all = (await list('all')).bots;
    const anime = (await list('anime')).bots;
    const realistic = (await list('realistic')).bots;
    const video = (await list('video')).bots;
    expect(anime.every((b) => b.type === 'anime')).toBe(true);
    expect(realistic.every((b) => b.type === 'realistic')).toBe(true);
    expect(video.every((b) => b.is_video && b.video_avatar)).toBe(true);
    expect(anime.length + realistic.length).toBe(all.length);
    const bad = await list('robots');
    expect(bad.status).toBe(400);
    expect(bad.res.json().code).toBe('VALIDATION_ERROR');
  });

  it('serves every photo and clip as a stored media file, not a hot link', async () => {
    const { bots } = await list('video');
    const bot = bots[0]!;
    for (const url of [...bot.photos, bot.video_avatar!]) {
      expect(url.startsWith('/media/')).toBe(true);
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeGreaterThan(1000);
    }
    const img = await t.app.inject({ method: 'GET', url: bot.photos[0]! });
    expect(img.headers['content-type']).toBe('image/webp');
  });

  it('never serves files outside the media folder', async () => {
    for (const url of [
      '/media/../../package.json',
      '/media/%2e%2e/%2e%2e/package.json',
      '/media/..%2f..%2fpackage.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body).not.toContain('@amora/server');
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('GET /api/bots/:id', () => {
  it('returns one character and 404 for an unknown id', async () => {
    const { bots } = await list();
    const one = await t.app.inject({ method: 'GET', url: `/api/bots/${bots[3]!._id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().data._id).toBe(bots[3]!._id);
    const missing = await t.app.inject({ method: 'GET', url: '/api/bots/does-not-exist' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Character not found' });
  });
});

describe('GET /api/settings', () => {
  it('returns the seeded costs, packs, plans and gifts of SPEC §9', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    const { settings } = res.json().data;
    expect(Object.keys(settings.tokens).sort()).toEqual(
      [
        'extra_tokens_for_language',
        'tokens_for_get_photo',
        'tokens_for_get_video',
        'tokens_for_get_voice',
        'tokens_for_message',
        'tokens_for_model',
        'tokens_for_sent_photo',
      ].sort(),
    );
    expect(settings.tokens.tokens_for_get_video).toBe(200);
    expect(settings.purchase.map((p: { size: string }) => p.size)).toEqual(['s', 'm', 'l', 'xl']);
    expect(settings.subscription.map((p: { for: string }) => p.for)).toEqual([
      'trial',
      'monthly',
      'quarterly',
      'year',
    ]);
    expect(settings.subscription.find((p: { for: string }) => p.for === 'monthly').tokens).toBe(1099);
    expect(
      Object.fromEntries(settings.gifts.map((g: { id: string; tokens: number }) => [g.id, g.tokens])),
    ).toEqual({
      chocolate: 15,
      vitamins: 20,
      flowers: 30,
      clothes: 40,
      money: 50,
      jewelry: 75,
    });
  });

  it('reads costs from the database, not from code', async () => {
    await t.app.ctx.services.settings.update('tokens', {
      ...(await t.app.ctx.services.settings.costs()),
      tokens_for_message: 7,
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.json().data.settings.tokens.tokens_for_message).toBe(7);
  });
});

describe('caching of the list', () => {
  it('sends an ETag and answers 304 when the client has the same list', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/bots?type=anime' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\//);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/bots?type=anime',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/bots?type=realistic',
      headers: { 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.every((b: { type: string }) => b.type === 'realistic')).toBe(true);
  });
});
