import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumUnlocks } from '../../db/schema/albums.ts';
import { media } from '../../db/schema/bots.ts';
import { chats } from '../../db/schema/chats.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { users } from '../../db/schema/users.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { startFakeS3 } from '../../test/fake-s3.ts';
import {
  bearer,
  createTestApp,
  onboardedUser,
  refreshCookie,
  TEST_ADMIN,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';
import { demoVideoDir } from '../bots/demo-art.ts';

type Bot = { _id: string; remote_id: number };
type Category = { tagLink: string; photo: string | null; price: number; isUnlocked: boolean; count: number };
type Item = { _id: string; kind: string; url: string };

/** A multipart body with one file field, for app.inject. */
function multipart(field: string, filename: string, mime: string, data: Buffer) {
  const boundary = `----amora${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

for (const backend of ['local folder', 'fake S3'] as const)
  describe(`private albums (${backend})`, () => {
    let t: TestApp;
    let closeS3: (() => Promise<void>) | null = null;
    let admin: Session;
    let bot: Bot;

    const get = (s: Session | null, url: string) =>
      t.app.inject({ method: 'GET', url, ...(s ? { headers: bearer(s) } : {}) });
    const unlock = (s: Session | null, category: string, botId = bot._id) =>
      t.app.inject({
        method: 'POST',
        url: '/api/album/unlock',
        ...(s ? { headers: bearer(s) } : {}),
        payload: { botId, category },
      });
    const categories = async (s: Session | null) =>
      (await get(s, `/api/album/categories/${bot.remote_id}/${s ? s.userId : 'guest'}`)).json().data
        .categories as Category[];
    const tokensOf = async (s: Session) =>
      (await t.app.ctx.db.select({ tokens: users.tokens }).from(users).where(eq(users.id, s.userId)))[0]!
        .tokens;
    const setTokens = (s: Session, tokens: number) =>
      t.app.ctx.db.update(users).set({ tokens }).where(eq(users.id, s.userId));
    const subscribe = (s: Session, end: Date) =>
      t.app.ctx.db
        .update(users)
        .set({ subscriptionStatus: 'active', subscriptionEnd: end })
        .where(eq(users.id, s.userId));
    /** Opens a URL as a browser would (follows an S3 redirect). */
    const open = async (url: string, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 302)
        return { status: res.statusCode, body: res.rawPayload, headers: res.headers };
      const direct = await fetch(String(res.headers.location), { headers });
      return {
        status: direct.status,
        body: Buffer.from(await direct.arrayBuffer()),
        headers: Object.fromEntries(direct.headers.entries()),
      };
    };

    beforeAll(async () => {
      let env: Record<string, string> = {};
      let storage: MediaStorage | undefined;
      if (backend === 'fake S3') {
        const s3 = await startFakeS3();
        closeS3 = s3.close;
        env = s3.env;
        storage = s3.storage();
      }
      t = await createTestApp(
        { ...env, ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password },
        storage ? { storage } : {},
      );
      expect(t.app.ctx.storage.kind).toBe(backend === 'fake S3' ? 's3' : 'local');
      const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: TEST_ADMIN });
      const signed = signIn.json<{ accessToken: string; user: { _id: string } }>();
      admin = {
        token: signed.accessToken,
        userId: signed.user._id,
        cookie: refreshCookie(signIn.headers['set-cookie']),
        email: TEST_ADMIN.email,
      };
      bot = ((await t.app.inject({ method: 'GET', url: '/api/bots' })).json().data as Bot[])[0]!;
    }, 240_000);
    afterAll(async () => {
      await t?.close();
      await closeS3?.();
    });

    it('shows a guest her categories with covers and prices; the always-viewable ones open', async () => {
      const list = await categories(null);
      const tags = list.map((c) => c.tagLink);
      expect(tags).toEqual(expect.arrayContaining(['non-explicit', 'lingerie', 'body', 'halloween']));
      for (const c of list) {
        expect(c.photo, c.tagLink).toMatch(/^\/media\/albums\/.+cover-.+\.webp\?u=guest&/);
        expect((await open(c.photo!)).status).toBe(200);
        expect(c.count).toBeGreaterThan(0);
      }
      const byTag = Object.fromEntries(list.map((c) => [c.tagLink, c]));
      expect(byTag['non-explicit']!.isUnlocked).toBe(true);
      expect(byTag.lingerie!.isUnlocked).toBe(true);
      expect(byTag.body!.isUnlocked).toBe(false);
      expect(byTag.body!.price).toBeGreaterThan(0);
      expect(byTag.halloween!.isUnlocked).toBe(false);
    });

    it('needs sign-in for anything but the guest list, and shows each user only his own', async () => {
      const u = await onboardedUser(t.app);
      const other = await onboardedUser(t.app);
      expect((await get(null, `/api/album/categories/${bot.remote_id}/${u.userId}`)).statusCode).toBe(401);
      expect((await get(other, `/api/album/categories/${bot.remote_id}/${u.userId}`)).statusCode).toBe(404);
      expect((await get(null, `/api/album/${bot.remote_id}/category/non-explicit`)).statusCode).toBe(401);
      expect((await unlock(null, 'body')).statusCode).toBe(401);
      expect((await get(null, '/api/album')).statusCode).toBe(401);
      expect((await get(u, `/api/album/categories/999999/${u.userId}`)).statusCode).toBe(404);
      expect((await get(u, `/api/album/${bot.remote_id}/category/not-a-category`)).statusCode).toBe(400);
    });

    it('opens non-explicit and lingerie to every signed-in user, and keeps a priced one locked (403)', async () => {
      const u = await onboardedUser(t.app);
      for (const tag of ['non-explicit', 'lingerie']) {
        const res = await get(u, `/api/album/${bot.remote_id}/category/${tag}`);
        expect(res.statusCode, res.body).toBe(200);
        const items = res.json().data.items as Item[];
        expect(items.length).toBeGreaterThan(0);
        for (const item of items) expect((await open(item.url)).status).toBe(200);
      }
      const locked = await get(u, `/api/album/${bot.remote_id}/category/body`);
      expect(locked.statusCode).toBe(403);
      expect(locked.json().code).toBe('FORBIDDEN');
      // Unlocking an always-viewable category costs nothing.
      const before = await tokensOf(u);
      const free = await unlock(u, 'lingerie');
      expect(free.statusCode).toBe(200);
      expect(free.json().data).toMatchObject({ category: 'lingerie', charged: false });
      expect(await tokensOf(u)).toBe(before);
    });

    it('unlocks a category for its price once, through the ledger; 402 when tokens are short', async () => {
      const u = await onboardedUser(t.app);
      const price = (await categories(u)).find((c) => c.tagLink === 'body')!.price;
      await setTokens(u, price - 1);
      const short = await unlock(u, 'body');
      expect(short.statusCode).toBe(402);
      expect(short.json().code).toBe('INSUFFICIENT_TOKENS');
      expect(await tokensOf(u)).toBe(price - 1);
      expect(
        await t.app.ctx.db.select().from(albumUnlocks).where(eq(albumUnlocks.userId, u.userId)),
      ).toHaveLength(0);

      await setTokens(u, price + 100);
      // A double click: two requests at once charge once.
      const [a, b] = await Promise.all([unlock(u, 'body'), unlock(u, 'body')]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect([a.json().data.charged, b.json().data.charged].filter(Boolean)).toHaveLength(1);
      expect(await tokensOf(u)).toBe(100);
      const replay = await unlock(u, 'body');
      expect(replay.json().data).toMatchObject({ category: 'body', charged: false, tokens: 100 });
      expect(await tokensOf(u)).toBe(100);
      const entries = await t.app.ctx.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, u.userId), eq(ledgerEntries.reason, 'album')));
      expect(entries).toHaveLength(1);
      expect(entries[0]!.delta).toBe(-price);

      expect((await categories(u)).find((c) => c.tagLink === 'body')!.isUnlocked).toBe(true);
      expect((await categories(u)).find((c) => c.tagLink === 'halloween')!.isUnlocked).toBe(false);
      const items = await get(u, `/api/album/${bot.remote_id}/category/body`);
      expect(items.statusCode).toBe(200);
      const list = items.json().data.items as Item[];
      expect((await open(list[0]!.url)).status).toBe(200);
      // The unlock is for this character only.
      const other = ((await t.app.inject({ method: 'GET', url: '/api/bots' })).json().data as Bot[])[1]!;
      expect((await get(u, `/api/album/${other.remote_id}/category/body`)).statusCode).toBe(403);
      // The wallet shows it.
      const wallet = (await get(u, '/api/wallet')).json<{ entries: { reason: string }[] }>();
      expect(wallet.entries.some((e) => e.reason === 'album')).toBe(true);
    });

    it('an active subscription (end date not before today, UTC) opens every category; a lapsed one does not', async () => {
      const u = await onboardedUser(t.app);
      const today = new Date();
      today.setUTCHours(0, 0, 1, 0);
      await subscribe(u, today);
      expect((await categories(u)).every((c) => c.isUnlocked)).toBe(true);
      expect((await get(u, `/api/album/${bot.remote_id}/category/halloween`)).statusCode).toBe(200);
      const before = await tokensOf(u);
      expect((await unlock(u, 'halloween')).json().data.charged).toBe(false);
      expect(await tokensOf(u)).toBe(before);
      const collection = (await get(u, '/api/album')).json().data;
      expect(collection.subscribed).toBe(true);
      expect(collection.bots.length).toBeGreaterThan(1);

      const yesterday = new Date(Date.now() - 86_400_000);
      await subscribe(u, yesterday);
      expect((await categories(u)).find((c) => c.tagLink === 'halloween')!.isUnlocked).toBe(false);
      expect((await get(u, `/api/album/${bot.remote_id}/category/halloween`)).statusCode).toBe(403);
    });

    it("lists the photos of the caller's own chat only", async () => {
      const u = await onboardedUser(t.app);
      const other = await onboardedUser(t.app);
      await t.app.ctx.db.update(users).set({ status: 'Paid' }).where(eq(users.id, u.userId));
      const chat = (
        await t.app.inject({
          method: 'POST',
          url: '/api/chat',
          headers: bearer(u),
          payload: { botId: bot._id },
        })
      ).json().data.chat as { _id: string };
      await t.app.ctx.db.update(chats).set({ points: 58, level: 4 }).where(eq(chats.id, chat._id));
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#39c' } })
        .png()
        .toBuffer();
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/chat/send/${chat._id}`,
        headers: bearer(u),
        payload: { message: { photo: `data:image/png;base64,${png.toString('base64')}` }, type: 'photo' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const res = await get(u, `/api/album/user-content/${chat._id}`);
      expect(res.statusCode).toBe(200);
      const photos = res.json().data.photos as { url: string; self: boolean }[];
      expect(photos.some((p) => p.self)).toBe(true);
      for (const p of photos) expect((await open(p.url)).status).toBe(200);
      expect((await get(other, `/api/album/user-content/${chat._id}`)).statusCode).toBe(404);
      expect((await get(null, `/api/album/user-content/${chat._id}`)).statusCode).toBe(401);
    });

    it('serves every album file only to the users entitled to it (the access walk)', async () => {
      const level1 = await onboardedUser(t.app);
      const level4 = await onboardedUser(t.app);
      await t.app.ctx.db.update(users).set({ status: 'Paid' }).where(eq(users.id, level4.userId));
      const chat = (
        await t.app.inject({
          method: 'POST',
          url: '/api/chat',
          headers: bearer(level4),
          payload: { botId: bot._id },
        })
      ).json().data.chat as { _id: string };
      await t.app.ctx.db.update(chats).set({ points: 80, level: 4 }).where(eq(chats.id, chat._id));
      const subscriber = await onboardedUser(t.app);
      await subscribe(subscriber, new Date(Date.now() + 86_400_000));
      const buyer = await onboardedUser(t.app);
      await setTokens(buyer, 10_000);
      expect((await unlock(buyer, 'halloween')).statusCode).toBe(200);

      const keys = await t.app.ctx.storage.list(`albums/${bot.remote_id}/`);
      expect(keys).toContain(`albums/${bot.remote_id}/manifest.json`);
      expect(keys.some((k) => k.includes('/halloween/'))).toBe(true);
      const walkers = [
        { name: 'guest', s: null, opens: (_k: string) => false },
        { name: 'level-1', s: level1, opens: (k: string) => /cover-|\/(non-explicit|lingerie)\//.test(k) },
        { name: 'level-4', s: level4, opens: (k: string) => /cover-|\/(non-explicit|lingerie)\//.test(k) },
        { name: 'subscriber', s: subscriber, opens: (k: string) => !k.endsWith('manifest.json') },
        {
          name: 'halloween buyer',
          s: buyer,
          opens: (k: string) => /cover-|\/(non-explicit|lingerie|halloween)\//.test(k),
        },
      ];
      // Files without a record (a render manifest, leftovers of other test databases) open for nobody.
      const rows = await t.app.ctx.db.select({ key: media.key }).from(media).where(inArray(media.key, keys));
      const recorded = new Set(rows.map((r) => r.key));
      expect(recorded.size).toBeGreaterThan(5);
      let checked = 0;
      for (const w of walkers) {
        const urls = keys.map((k) => `/media/${k}`);
        const signed = w.s
          ? ((
              await t.app.inject({
                method: 'POST',
                url: '/api/media/sign',
                headers: bearer(w.s),
                payload: { urls },
              })
            ).json().data.urls as Record<string, string | null>)
          : null;
        for (const key of keys) {
          const url = `/media/${key}`;
          const target = signed ? signed[url] : url;
          const reached = target ? (await open(target)).status === 200 : false;
          expect(reached, `${w.name} → ${key}`).toBe(recorded.has(key) && w.opens(key));
          expect((await open(url)).status, `unsigned ${key}`).toBe(404);
          checked++;
        }
      }
      expect(checked).toBe(keys.length * walkers.length);
      // Her gallery never lists album files, whatever the level.
      const gallery = (await get(level4, `/api/media/gallery/${bot._id}`)).json().data.photos as string[];
      expect(gallery.some((u) => u.includes('/albums/'))).toBe(false);
    });

    describe('operator', () => {
      const adminUrl = () => `/api/admin/albums/${bot._id}`;
      const uploadOnce = (s: Session, tag: string, mime: string, data: Buffer) => {
        const m = multipart('file', 'upload', mime, data);
        return t.app.inject({
          method: 'POST',
          url: `${adminUrl()}/${tag}/items`,
          payload: m.payload,
          headers: { ...m.headers, ...bearer(s) },
        });
      };

      it('is for operators only', async () => {
        const u = await onboardedUser(t.app);
        expect((await get(u, adminUrl())).statusCode).toBe(403);
        expect((await get(null, adminUrl())).statusCode).toBe(401);
      });

      it('enables a category, sets its price and cover, uploads (EXIF stripped) and deletes items', async () => {
        const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c63' } })
          .jpeg()
          .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner', Make: 'TestCam' } } })
          .toBuffer();
        expect((await sharp(jpeg).metadata()).exif).toBeDefined();
        const up = await uploadOnce(admin, 'feet', 'image/jpeg', jpeg);
        expect(up.statusCode, up.body).toBe(201);
        const item = up.json().data as Item;
        const file = await open(item.url);
        expect(file.status).toBe(200);
        const meta = await sharp(file.body).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.exif).toBeUndefined();
        expect(file.body.includes(Buffer.from('secret-camera-owner'))).toBe(false);

        // Not visible to users until enabled.
        expect((await categories(null)).some((c) => c.tagLink === 'feet')).toBe(false);
        const put = await t.app.inject({
          method: 'PUT',
          url: `${adminUrl()}/feet`,
          headers: bearer(admin),
          payload: { enabled: true, price: 77, coverItemId: item._id },
        });
        expect(put.statusCode, put.body).toBe(200);
        const feet = (
          put.json().data.categories as { category: string; price: number; cover: string | null }[]
        ).find((c) => c.category === 'feet')!;
        expect(feet).toMatchObject({ price: 77 });
        expect(feet.cover).toMatch(/cover-/);
        const seen = (await categories(null)).find((c) => c.tagLink === 'feet')!;
        expect(seen).toMatchObject({ price: 77, isUnlocked: false, count: 1 });

        // A video: type checked, streamed with range requests to an entitled user.
        const clip = await readFile(join(demoVideoDir()!, '1-1.webm'));
        const video = await uploadOnce(admin, 'feet', 'video/webm', clip);
        expect(video.statusCode, video.body).toBe(201);
        const buyer = await onboardedUser(t.app);
        await setTokens(buyer, 100);
        expect((await unlock(buyer, 'feet')).json().data.charged).toBe(true);
        const items = (await get(buyer, `/api/album/${bot.remote_id}/category/feet`)).json().data
          .items as Item[];
        const v = items.find((i) => i.kind === 'video')!;
        const ranged = await open(v.url, { range: 'bytes=0-9' });
        expect(ranged.status).toBe(206);
        expect(String(ranged.headers['content-range'])).toMatch(/^bytes 0-9\/\d+$/);
        expect(ranged.body.length).toBe(10);

        // Wrong types and disguised files are refused.
        expect((await uploadOnce(admin, 'feet', 'application/pdf', Buffer.from('%PDF-1.4'))).statusCode).toBe(
          400,
        );
        expect(
          (await uploadOnce(admin, 'feet', 'video/mp4', Buffer.from('not a video at all'))).statusCode,
        ).toBe(400);
        expect((await uploadOnce(admin, 'feet', 'image/png', Buffer.from('not an image'))).statusCode).toBe(
          400,
        );
        expect((await uploadOnce(admin, 'user_content', 'image/jpeg', jpeg)).statusCode).toBe(400);

        // Delete: the item is gone from the list and can no longer be signed.
        const del = await t.app.inject({
          method: 'DELETE',
          url: `${adminUrl()}/items/${v._id}`,
          headers: bearer(admin),
        });
        expect(del.statusCode).toBe(204);
        const after = (await get(buyer, `/api/album/${bot.remote_id}/category/feet`)).json().data
          .items as Item[];
        expect(after.map((i) => i._id)).toEqual([item._id]);
        const key = new URL(v.url, 'http://x').pathname;
        const resigned = (
          await t.app.inject({
            method: 'POST',
            url: '/api/media/sign',
            headers: bearer(buyer),
            payload: { urls: [key] },
          })
        ).json().data.urls as Record<string, string | null>;
        expect(resigned[key]).toBeNull();
      });
    });
  });
