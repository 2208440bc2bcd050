import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, type MediaRow } from '../../db/schema/bots.ts';
import { chats } from '../../db/schema/chats.ts';
import { users } from '../../db/schema/users.ts';
import { createMediaSigner } from '../../lib/media-signing.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { startFakeS3 } from '../../test/fake-s3.ts';
import { bearer, createTestApp, eventually, onboardedUser, type TestApp } from '../../test/test-app.ts';
import type { TtsEngine } from './tts/tts.ts';

type Session = Awaited<ReturnType<typeof onboardedUser>>;
type Bot = { _id: string; remote_id: number; is_video: boolean; photos: string[]; avatar: string | null };
type Msg = {
  _id: string;
  photo: string | null;
  voice: string | null;
  video: string | null;
  isBlured: boolean;
};

/** A TTS engine that always works, so her voice notes exist without espeak-ng. */
const fakeTts: TtsEngine = {
  name: 'fake',
  mime: 'audio/ogg',
  available: async () => true,
  synthesize: async () => ({
    data: Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60), Buffer.from('OpusHead'), Buffer.alloc(400)]),
    mime: 'audio/ogg',
    durationMs: 1000,
  }),
};

/** Who walks the files, and what the rules of issue 11 say he may open. */
type Walker = {
  name: string;
  s: Session | null;
  level: number;
  subscriber: boolean;
};

for (const backend of ['local folder', 'fake S3'] as const) {
  describe(`media entitlements (${backend})`, () => {
    let t: TestApp;
    let closeS3: (() => Promise<void>) | null = null;
    let bot: Bot;
    const walkers: Walker[] = [];
    let owner: Session;
    let lockedVoiceKey: string;

    const inject = (s: Session | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
      t.app.inject({
        method,
        url,
        ...(s ? { headers: bearer(s) } : {}),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });

    /** Opens a media URL like a browser: follows the S3 redirect. Returns the final status and body. */
    async function open(url: string, headers: Record<string, string> = {}) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 302)
        return { status: res.statusCode, body: res.rawPayload, headers: res.headers };
      const location = String(res.headers.location);
      expect(location).toMatch(/X-Amz-Signature=/);
      const direct = await fetch(location, { headers });
      return {
        status: direct.status,
        body: Buffer.from(await direct.arrayBuffer()),
        headers: Object.fromEntries(direct.headers.entries()),
      };
    }

    async function chatWith(
      points: number,
      status: 'Paid' | 'New' = 'Paid',
    ): Promise<{ s: Session; chatId: string }> {
      const s = await onboardedUser(t.app);
      await t.app.ctx.db.update(users).set({ status }).where(eq(users.id, s.userId));
      const chat = (await inject(s, 'POST', '/api/chat', { botId: bot._id })).json().data.chat as {
        _id: string;
      };
      const level = points >= 58 ? 4 : points >= 39 ? 3 : points >= 20 ? 2 : 1;
      await t.app.ctx.db.update(chats).set({ points, level }).where(eq(chats.id, chat._id));
      return { s, chatId: chat._id };
    }

    const messages = async (s: Session, chatId: string) =>
      (await inject(s, 'GET', `/api/chat/${chatId}`)).json().data.messages as Msg[];

    beforeAll(async () => {
      let env: Record<string, string> = {};
      let storage: MediaStorage | undefined;
      if (backend === 'fake S3') {
        const s3 = await startFakeS3();
        closeS3 = s3.close;
        env = s3.env;
        storage = s3.storage();
      }
      t = await createTestApp(env, { tts: fakeTts, ...(storage ? { storage } : {}) });
      expect(t.app.ctx.storage.kind).toBe(backend === 'fake S3' ? 's3' : 'local');
      const list = (await t.app.inject({ method: 'GET', url: '/api/bots?type=video' })).json().data as Bot[];
      bot = list[0]!;

      // The owner of the user files: level 4 with her, a photo sent, a voice note, a video, and a
      // voice note asked for in words that stays locked until paid.
      const a = await chatWith(58);
      owner = a.s;
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
        .png()
        .toBuffer();
      const sent = await inject(owner, 'POST', `/api/chat/send/${a.chatId}`, {
        message: { photo: `data:image/png;base64,${png.toString('base64')}` },
        type: 'photo',
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(
        (await inject(owner, 'POST', `/api/chat/command/${a.chatId}`, { command: 'request:voice' }))
          .statusCode,
      ).toBe(200);
      const video = await inject(owner, 'POST', '/api/media/generate-video', { chatId: a.chatId });
      expect(video.statusCode, video.body).toBe(200);
      await eventually(async () => (await messages(owner, a.chatId)).some((m) => m.video));
      const before = new Set(await t.app.ctx.storage.list(`voice/${owner.userId}/`));
      const asked = await inject(owner, 'POST', `/api/chat/send/${a.chatId}`, {
        message: { message: 'Send me a voice message' },
        type: 'text',
      });
      expect(asked.statusCode).toBe(200);
      const locked = await eventually(async () => {
        const all = await t.app.ctx.storage.list(`voice/${owner.userId}/`);
        const fresh = all.filter((k) => !before.has(k));
        const last = (await messages(owner, a.chatId)).at(-1);
        return fresh.length === 1 && last?.isBlured ? fresh[0] : null;
      });
      lockedVoiceKey = locked;

      const level1 = await chatWith(0);
      const subscriber = await onboardedUser(t.app);
      const tomorrow = new Date(Date.now() + 86_400_000);
      await t.app.ctx.db
        .update(users)
        .set({ subscriptionStatus: 'active', subscriptionEnd: tomorrow })
        .where(eq(users.id, subscriber.userId));
      const lapsed = await onboardedUser(t.app);
      await t.app.ctx.db
        .update(users)
        .set({ subscriptionStatus: 'active', subscriptionEnd: new Date(Date.now() - 2 * 86_400_000) })
        .where(eq(users.id, lapsed.userId));
      walkers.push(
        { name: 'guest', s: null, level: 0, subscriber: false },
        { name: 'level-1 user', s: level1.s, level: 1, subscriber: false },
        { name: 'level-4 user (owner)', s: owner, level: 4, subscriber: false },
        { name: 'subscriber', s: subscriber, level: 1, subscriber: true },
        { name: 'lapsed subscriber', s: lapsed, level: 1, subscriber: false },
      );
    }, 240_000);

    afterAll(async () => {
      await t?.close();
      await closeS3?.();
    });

    /** Every stored file of hers, and of what was made for or sent by the owner: from storage, not a hand list. */
    async function storedKeys(): Promise<string[]> {
      const prefixes = [
        `bots/${bot.remote_id}/`,
        `blur/bots/${bot.remote_id}/`,
        `user/${owner.userId}/`,
        `voice/${owner.userId}/`,
        `video/${owner.userId}/`,
      ];
      return (await Promise.all(prefixes.map((p) => t.app.ctx.storage.list(p)))).flat();
    }

    /** The rules of issue 11, written out independently of the service. */
    function entitled(
      w: Walker,
      key: string,
      row: MediaRow | undefined,
      originals: Map<string, MediaRow>,
    ): boolean {
      if (key.startsWith('blur/')) {
        const original = originals.get(key.replace(/^blur\//, ''));
        return Boolean(original) && w.s !== null;
      }
      if (!row) return false; // the art manifest and anything else without a record
      if (row.botId && !row.ownerUserId && (row.category === 'main' || row.category === 'video_avatar'))
        return true;
      if (!w.s) return false;
      if (row.ownerUserId) return row.ownerUserId === w.s.userId && row.key !== lockedVoiceKey;
      return w.subscriber || w.level >= row.level;
    }

    it('serves every file to exactly the users entitled to it', async () => {
      const keys = await storedKeys();
      expect(keys).toContain(`bots/${bot.remote_id}/manifest.json`);
      expect(keys.some((k) => k.endsWith('lingerie-1.webp'))).toBe(true);
      expect(keys.some((k) => k.startsWith('user/'))).toBe(true);
      expect(keys.some((k) => k.startsWith('video/'))).toBe(true);
      expect(keys.filter((k) => k.startsWith('voice/')).length).toBe(2);
      const rows = await t.app.ctx.db.select().from(media).where(inArray(media.key, keys));
      const byKey = new Map(rows.map((r) => [r.key, r]));
      const originals = new Map(
        (await t.app.ctx.db.select().from(media).where(eq(media.botId, bot._id))).map((r) => [r.key, r]),
      );
      const checked: string[] = [];
      for (const w of walkers) {
        const urls = keys.map((k) => `/media/${k}`);
        const signedFor = w.s
          ? ((await inject(w.s, 'POST', '/api/media/sign', { urls })).json().data.urls as Record<
              string,
              string | null
            >)
          : null;
        for (const key of keys) {
          const url = `/media/${key}`;
          const expected = entitled(w, key, byKey.get(key), originals);
          const target = signedFor ? signedFor[url] : url;
          const reached = target ? (await open(target)).status === 200 : false;
          checked.push(`${w.name} ${key} ${reached}`);
          expect(reached, `${w.name} → ${key}`).toBe(expected);
          // Without a signature only public art opens, whoever asks.
          const bare = await open(url);
          const isPublic = Boolean(
            byKey.get(key)?.botId &&
            !byKey.get(key)?.ownerUserId &&
            ['main', 'video_avatar'].includes(byKey.get(key)!.category),
          );
          expect(bare.status === 200, `unsigned ${key}`).toBe(isPublic);
        }
      }
      expect(checked.length).toBe(keys.length * walkers.length);
    });

    it('a paid reveal opens her locked voice note for its owner', async () => {
      const chatId = (await inject(owner, 'GET', '/api/chat')).json().data[0]?._id as string | undefined;
      const list = (await t.app.ctx.db.select().from(chats).where(eq(chats.userId, owner.userId)))[0]!;
      const msgs = await messages(owner, chatId ?? list.id);
      const lockedMsg = msgs.find((m) => m.isBlured)!;
      const url = `/media/${lockedVoiceKey}`;
      const before = (await inject(owner, 'POST', '/api/media/sign', { urls: [url] })).json().data.urls;
      expect(before[url]).toBeNull();
      const paid = await inject(owner, 'POST', `/api/chat/${list.id}/reveal/${lockedMsg._id}`);
      expect(paid.statusCode, paid.body).toBe(200);
      const after = (await inject(owner, 'POST', '/api/media/sign', { urls: [url] })).json().data.urls;
      expect((await open(after[url])).status).toBe(200);
    });

    it('a signed URL opens one file for a short time, and nothing else', async () => {
      const signer = createMediaSigner(t.app.ctx.secrets.mediaSecret);
      const key = `bots/${bot.remote_id}/lingerie-1.webp`;
      const other = `bots/${bot.remote_id}/photo-2.webp`;
      const { url, expires } = signer.sign(key, owner.userId);
      expect(expires - Date.now() / 1000).toBeLessThanOrEqual(3600);
      expect((await open(url)).status).toBe(200);

      // Expired.
      const old = signer.sign(key, owner.userId, Date.now() - 2 * 3600_000).url;
      expect((await open(old)).status).toBe(403);
      // Tampered signature.
      const q = new URL(url, 'http://x').searchParams;
      const sig = q.get('s')!;
      const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
      expect((await open(url.replace(`s=${sig}`, `s=${flipped}`))).status).toBe(403);
      // Another path with the same query.
      expect((await open(url.replace(key, other))).status).toBe(403);
      // Another user named in the same signature.
      expect((await open(url.replace(`u=${owner.userId}`, `u=${walkers[1]!.s!.userId}`))).status).toBe(403);
      // An expiry pushed further than an hour, even if someone had the secret's signature format.
      const far = new URL(url, 'http://x');
      far.searchParams.set('e', String(Math.floor(Date.now() / 1000) + 7200));
      expect((await open(`${far.pathname}?${far.searchParams.toString()}`)).status).toBe(403);
      // The media secret lives with the other generated secrets (all nodes share it).
      expect(t.app.ctx.secrets.mediaSecret.length).toBeGreaterThanOrEqual(32);
    });

    it('videos answer range requests', async () => {
      const key = (await t.app.ctx.storage.list(`video/${owner.userId}/`))[0]!;
      const url = createMediaSigner(t.app.ctx.secrets.mediaSecret).sign(key, owner.userId).url;
      const res = await open(url, { range: 'bytes=0-3' });
      expect(res.status).toBe(206);
      expect(String(res.headers['content-range'])).toMatch(/^bytes 0-3\//);
      expect(res.body.length).toBe(4);
      const clip = await open(`/media/${bot.photos[0]!.replace(/^\/media\//, '')}`, { range: 'bytes=0-9' });
      expect(clip.status).toBe(206);
    });

    it('lists only public art to guests, and her gallery to the users entitled to it', async () => {
      const guest = (await t.app.inject({ method: 'GET', url: '/api/bots' })).json().data as Bot[];
      for (const b of guest) {
        for (const url of b.photos) expect(url).toMatch(/\/main\.webp$/);
      }
      expect(
        (await t.app.inject({ method: 'GET', url: `/media/bots/${bot.remote_id}/manifest.json` })).statusCode,
      ).toBe(404);
      const gallery = async (s: Session | null) => inject(s, 'GET', `/api/media/gallery/${bot._id}`);
      expect((await gallery(null)).statusCode).toBe(401);
      const low = (await gallery(walkers[1]!.s)).json().data.photos as string[];
      const high = (await gallery(owner)).json().data.photos as string[];
      expect(low.some((u) => u.includes('lingerie'))).toBe(false);
      expect(high.some((u) => u.includes('lingerie'))).toBe(true);
      for (const url of high) expect((await open(url)).status).toBe(200);
    });
  });
}
