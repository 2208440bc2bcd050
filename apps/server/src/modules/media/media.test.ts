import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats } from '../../db/schema/chats.ts';
import { users } from '../../db/schema/users.ts';
import {
  bearer,
  createTestApp,
  eventually,
  onboardedUser,
  TEST_MEDIA_ROOT,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';
import { bots as botsTable } from '../../db/schema/bots.ts';
import { parseMp3 } from '../../test/mp3.ts';
import { createBotsRepository } from '../bots/bots.repository.ts';
import { seedBots } from '../bots/bots.seed.ts';
import { createMediaRepository } from './media.repository.ts';
import { createMediaService } from './media.service.ts';
import { createEspeakWasmTts } from './tts/espeak-wasm-tts.ts';
import type { TtsEngine, TtsVoice } from './tts/tts.ts';
import type { VideoProvider } from './video/video-provider.ts';

type Bot = { _id: string; remote_id: number; is_video: boolean; video_quality: number; name: string };
type Msg = {
  _id: string;
  message: string;
  self: boolean;
  photo: string | null;
  voice: string | null;
  video: string | null;
  isBlured: boolean;
  bluredContent: string | null;
  eventType: string | null;
};

let t: TestApp;
let bots: Bot[];
/** A video provider that fails while `failVideos` is set (to test error → regenerate). */
let failVideos = false;
/** While set, a video being made waits for it (a node that stops mid-job never finishes). */
let holdVideos: Promise<void> | null = null;
const flakyVideo: VideoProvider = {
  name: 'test-clips',
  supports: () => true,
  async generate() {
    if (holdVideos) await holdVideos;
    if (failVideos) throw new Error('render farm on fire');
    return { data: Buffer.from('1a45dfa3000000000000001f', 'hex'), mime: 'video/webm', ext: 'webm' };
  },
};

beforeAll(async () => {
  t = await createTestApp({}, { videoProvider: flakyVideo });
  bots = (await t.app.inject({ method: 'GET', url: '/api/bots' })).json().data as Bot[];
});
afterAll(async () => t.close());

const inject = (s: Session, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(s),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const tokensOf = async (s: Session) => (await inject(s, 'GET', '/api/user')).json().user.tokens as number;
const messages = async (s: Session, chatId: string) =>
  (await inject(s, 'GET', `/api/chat/${chatId}`)).json().data.messages as Msg[];
const command = (s: Session, chatId: string, cmd: string) =>
  inject(s, 'POST', `/api/chat/command/${chatId}`, { command: cmd });
const costs = () => t.app.ctx.services.settings.costs();
const fileOf = (url: string) => readFile(join(TEST_MEDIA_ROOT, url.replace(/^\/media\//, '')));

/** A paid user with a chat at `points` with the given character. */
async function chatAt(points: number, bot: Bot = bots[0]!, status: 'New' | 'Paid' = 'Paid') {
  const s = await onboardedUser(t.app);
  await t.app.ctx.db.update(users).set({ status }).where(eq(users.id, s.userId));
  const chat = (await inject(s, 'POST', '/api/chat', { botId: bot._id })).json().data.chat as { _id: string };
  const level = points >= 58 ? 4 : points >= 39 ? 3 : points >= 20 ? 2 : 1;
  await t.app.ctx.db.update(chats).set({ points, level }).where(eq(chats.id, chat._id));
  return { s, chatId: chat._id };
}

/** Sends a message and waits for her reply to it. */
async function say(s: Session, chatId: string, text: string): Promise<Msg> {
  const sent = await inject(s, 'POST', `/api/chat/send/${chatId}`, {
    message: { message: text },
    type: 'text',
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const id = sent.json().message._id as string;
  return eventually(async () => {
    const list = await messages(s, chatId);
    const i = list.findIndex((m) => m._id === id);
    return i >= 0 && list[i + 1] && !list[i + 1]!.self ? list[i + 1]! : null;
  });
}

const drainTo = async (s: Session, left: number) => {
  const now = await tokensOf(s);
  await t.app.ctx.services.ledger.apply({
    userId: s.userId,
    delta: left - now,
    reason: 'admin',
    idempotencyKey: `drain:${s.userId}:${left}`,
  });
};

describe('photos she sends when asked in words', () => {
  it('at level 1 she declines and the message says which level opens photos', async () => {
    const { s, chatId } = await chatAt(0);
    const reply = await say(s, chatId, 'Send me a photo');
    expect(reply.photo).toBeNull();
    expect(reply.eventType).toBe('level:2');
  });

  it('at level 2 a photo arrives blurred with a preview, and reveals once for tokens_for_get_photo', async () => {
    const { s, chatId } = await chatAt(25);
    const reply = await say(s, chatId, 'Send me a photo');
    expect(reply).toMatchObject({ isBlured: true, photo: null, eventType: 'photo' });
    expect(reply.message.length).toBeGreaterThan(0);
    expect(reply.bluredContent).toMatch(/^\/media\/blur\/bots\/.+\.webp$/);
    const preview = await sharp(await fileOf(reply.bluredContent!)).metadata();
    expect(preview.format).toBe('webp');

    const before = await tokensOf(s);
    const res = await inject(s, 'POST', `/api/chat/${chatId}/reveal/${reply._id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { updatedTokens, message } = res.json<{ updatedTokens: number; message: Msg }>();
    expect(updatedTokens).toBe(before - (await costs()).tokens_for_get_photo);
    expect(message).toMatchObject({ isBlured: false, _id: reply._id });
    expect(message.photo).toMatch(/^\/media\/bots\/\d+\/(photo|selfie)-\d\.webp$/);

    const again = await inject(s, 'POST', `/api/chat/${chatId}/reveal/${reply._id}`);
    expect(again.json().updatedTokens).toBe(updatedTokens);
    expect(await tokensOf(s)).toBe(updatedTokens);
  });

  it('revealing needs the tokens (402), and another user cannot reveal it (404)', async () => {
    const { s, chatId } = await chatAt(25);
    const reply = await say(s, chatId, 'can i see a selfie?');
    expect(reply.isBlured).toBe(true);
    const other = await onboardedUser(t.app);
    expect((await inject(other, 'POST', `/api/chat/${chatId}/reveal/${reply._id}`)).statusCode).toBe(404);
    await drainTo(s, 1);
    const res = await inject(s, 'POST', `/api/chat/${chatId}/reveal/${reply._id}`);
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('INSUFFICIENT_TOKENS');
    expect((await messages(s, chatId)).find((m) => m._id === reply._id)!.isBlured).toBe(true);
  });

  it('intimate photos wait for level 4', async () => {
    const { s, chatId } = await chatAt(45);
    const reply = await say(s, chatId, 'send me a nude');
    expect(reply.eventType).toBe('level:4');
    expect(reply.bluredContent).toBeNull();
  });
});

describe('request:photo', () => {
  it('costs tokens_for_get_photo, arrives open, and never repeats the previous photo', async () => {
    const { s, chatId } = await chatAt(30);
    const cost = (await costs()).tokens_for_get_photo;
    const start = await tokensOf(s);
    const photos: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await command(s, chatId, 'request:photo');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().updatedTokens).toBe(start - cost * (i + 1));
      const last = (await messages(s, chatId)).at(-1)!;
      expect(last).toMatchObject({ isBlured: false, eventType: 'photo', self: false });
      photos.push(last.photo!);
    }
    for (let i = 1; i < photos.length; i++) expect(photos[i]).not.toBe(photos[i - 1]);
  });

  it('answers 403 below level 2, for a New user, and 402 without the tokens', async () => {
    const low = await chatAt(5);
    const r1 = await command(low.s, low.chatId, 'request:photo');
    expect(r1.statusCode).toBe(403);
    expect(r1.json().message).toBe('Available at level 2');

    const fresh = await chatAt(30, bots[0], 'New');
    expect((await command(fresh.s, fresh.chatId, 'request:photo')).statusCode).toBe(403);

    const poor = await chatAt(30);
    await drainTo(poor.s, 3);
    const r3 = await command(poor.s, poor.chatId, 'request:photo');
    expect(r3.statusCode).toBe(402);
    expect(await tokensOf(poor.s)).toBe(3);
  });
});

describe('voice notes', () => {
  it('request:voice sends an MP3 voice note for tokens_for_get_voice', async () => {
    const { s, chatId } = await chatAt(25);
    const before = await tokensOf(s);
    const res = await command(s, chatId, 'request:voice');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updatedTokens).toBe(before - (await costs()).tokens_for_get_voice);
    const last = (await messages(s, chatId)).at(-1)!;
    expect(last.eventType).toBe('voice');
    expect(last.voice).toMatch(/^\/media\/voice\/.+\.mp3$/);
    expect(parseMp3(await fileOf(last.voice!)).durationMs).toBeGreaterThan(1000);
  });

  it('asked in words at level 2 the voice note arrives locked and reveals for tokens_for_get_voice', async () => {
    const { s, chatId } = await chatAt(25);
    const reply = await say(s, chatId, 'Send me a voice message');
    expect(reply).toMatchObject({ isBlured: true, voice: null, eventType: 'voice', message: '' });
    const before = await tokensOf(s);
    const res = await inject(s, 'POST', `/api/chat/${chatId}/reveal/${reply._id}`);
    expect(res.json().updatedTokens).toBe(before - (await costs()).tokens_for_get_voice);
    expect(res.json().message.voice).toMatch(/\.mp3$/);
    expect(res.json().message.message.length).toBeGreaterThan(0);
  });

  it('voice mode: refused at level 1, then every reply is a voice note debited tokens_for_get_voice', async () => {
    const low = await chatAt(0);
    const refused = await command(low.s, low.chatId, 'voice:on');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Available at level 2');

    const { s, chatId } = await chatAt(25);
    expect((await command(s, chatId, 'voice:on')).statusCode).toBe(200);
    const chat = (await inject(s, 'GET', `/api/chat/${chatId}`)).json().data;
    expect(chat.voiceMode).toBe(true);
    const c = await costs();
    const before = await tokensOf(s);
    const reply = await say(s, chatId, 'How was your day?');
    expect(reply.voice).toMatch(/\.mp3$/);
    expect(reply.isBlured).toBe(false);
    expect(await tokensOf(s)).toBe(before - c.tokens_for_message - c.tokens_for_get_voice);

    expect((await command(s, chatId, 'voice:off')).statusCode).toBe(200);
    const plain = await say(s, chatId, 'Tell me about your hobbies');
    expect(plain.voice).toBeNull();
  });

  it('voice:on needs tokens for one voice note (402)', async () => {
    const { s, chatId } = await chatAt(25);
    await drainTo(s, 1);
    expect((await command(s, chatId, 'voice:on')).statusCode).toBe(402);
  });
});

describe('voice notes are made once, in her voice', () => {
  /** The real built-in engine, counting what it is asked to synthesize. */
  function spyTts() {
    const real = createEspeakWasmTts({ workerFile: null });
    const calls: Array<{ text: string; voice: TtsVoice }> = [];
    const tts: TtsEngine = {
      ...real,
      synthesize(text, voice) {
        calls.push({ text, voice });
        return real.synthesize(text, voice);
      },
    };
    return { tts, calls };
  }
  const speakerOf = async (name: string) => {
    const [row] = await t.app.ctx.db.select().from(botsTable).where(eq(botsTable.name, name));
    return { botId: row!.id, sex: row!.sex, voice: row!.voice };
  };

  it('the same words in the same voice reuse the stored file; other words, voices or listeners do not', async () => {
    const { tts, calls } = spyTts();
    const media = createMediaService({
      db: t.app.ctx.db,
      repo: createMediaRepository(),
      storage: t.app.ctx.storage,
      tts,
      video: flakyVideo,
    });
    const yuki = await speakerOf('Yuki');
    const kai = await speakerOf('Kai');
    const owner = (await onboardedUser(t.app)).userId;
    const line = { text: 'I kept thinking about you today 💕', language: 'en', ownerUserId: owner };

    const first = await media.speak({ ...line, ...yuki });
    expect(first.url).toMatch(new RegExp(`^/media/voice/${owner}/[0-9a-f]{32}\\.mp3$`));
    const again = await media.speak({ ...line, ...yuki });
    expect(again.url).toBe(first.url);
    expect(calls).toHaveLength(1);
    expect((await fileOf(again.url)).equals(await fileOf(first.url))).toBe(true);

    // Two identical requests at once are synthesized once.
    const twice = await Promise.all(
      [0, 1].map(() => media.speak({ ...line, text: 'Good night, sleep well', ...yuki })),
    );
    expect(twice[0]!.url).toBe(twice[1]!.url);
    expect(calls).toHaveLength(2);

    const his = await media.speak({ ...line, ...kai });
    const otherWords = await media.speak({ ...line, text: 'Another line entirely', ...yuki });
    const otherListener = await media.speak({
      ...line,
      ...yuki,
      ownerUserId: (await onboardedUser(t.app)).userId,
    });
    expect(new Set([first.url, his.url, otherWords.url, otherListener.url]).size).toBe(4);
    expect(calls).toHaveLength(5);

    // Her voice is the data stored on her; his is a man's voice.
    expect(yuki.voice).toEqual({ variant: 'f5', pitch: 70, speed: 150 });
    expect(calls[0]!.voice).toMatchObject({ ...yuki.voice, language: 'en', sex: 'female' });
    expect(calls[2]!.voice).toMatchObject({ ...kai.voice, language: 'en', sex: 'male' });
    expect(calls[2]!.voice.variant).toMatch(/^m/);
  });

  it('installs seeded before voices existed get them; a stored voice is kept', async () => {
    const { db, storage } = t.app.ctx;
    const seed = () => seedBots({ db, repo: createBotsRepository(), storage, log: t.app.log, demo: true });
    await db.update(botsTable).set({ voice: null }).where(eq(botsTable.name, 'Yuki'));
    const own = { variant: 'Annie', pitch: 40, speed: 200 };
    await db.update(botsTable).set({ voice: own }).where(eq(botsTable.name, 'Mira'));
    await seed();
    expect((await speakerOf('Yuki')).voice).toEqual({ variant: 'f5', pitch: 70, speed: 150 });
    expect((await speakerOf('Mira')).voice).toEqual(own);
    await db
      .update(botsTable)
      .set({ voice: { variant: 'linda', pitch: 60, speed: 165 } })
      .where(eq(botsTable.name, 'Mira'));
  });

  it('a Russian chat gets a Russian voice note, a whole MP3', async () => {
    const { tts, calls } = spyTts();
    const media = createMediaService({
      db: t.app.ctx.db,
      repo: createMediaRepository(),
      storage: t.app.ctx.storage,
      tts,
      video: flakyVideo,
    });
    const owner = (await onboardedUser(t.app)).userId;
    const note = await media.speak({
      text: 'Привет! Я так по тебе скучала, расскажи, как прошёл твой день?',
      language: 'ru',
      ownerUserId: owner,
      ...(await speakerOf('Mia')),
    });
    expect(calls[0]!.voice.language).toBe('ru');
    const mp3 = parseMp3(await fileOf(note.url));
    expect(mp3.durationMs).toBeGreaterThan(2000);
    expect(Math.abs(mp3.durationMs - note.durationMs!)).toBeLessThan(150);
  });
});

describe('voice without a TTS engine', () => {
  // A second app: built in a hook, whose time limit leaves room for a busy machine.
  let app2: TestApp;
  beforeAll(async () => {
    const mute: TtsEngine = {
      name: 'none',
      mime: 'audio/mpeg',
      available: () => Promise.resolve(false),
      synthesize: () => Promise.reject(new Error('unavailable')),
    };
    app2 = await createTestApp({}, { tts: mute });
  });
  afterAll(async () => {
    await app2?.close();
  });

  it('answers 503 for voice requests and voice mode, and replies stay text', async () => {
    const s = await onboardedUser(app2.app);
    await app2.app.ctx.db.update(users).set({ status: 'Paid' }).where(eq(users.id, s.userId));
    const bot = (await app2.app.inject({ method: 'GET', url: '/api/bots' })).json().data[0];
    const chat = (
      await app2.app.inject({
        method: 'POST',
        url: '/api/chat',
        headers: bearer(s),
        payload: { botId: bot._id },
      })
    ).json().data.chat;
    await app2.app.ctx.db.update(chats).set({ points: 25, level: 2 }).where(eq(chats.id, chat._id));
    for (const cmd of ['request:voice', 'voice:on']) {
      const res = await app2.app.inject({
        method: 'POST',
        url: `/api/chat/command/${chat._id}`,
        headers: bearer(s),
        payload: { command: cmd },
      });
      expect(res.statusCode, cmd).toBe(503);
      expect(res.json()).toMatchObject({ code: 'UNAVAILABLE' });
      expect(res.json().message).toMatch(/Voice messages are not available/);
    }
  });
});

describe('videos', () => {
  const videoBot = () => bots.find((b) => b.is_video)!;
  const plainBot = () => bots.find((b) => !b.is_video)!;
  const generate = (s: Session, chatId: string) => inject(s, 'POST', '/api/media/generate-video', { chatId });

  it('only at level 4 and only for characters with video', async () => {
    const low = await chatAt(45, videoBot());
    const r1 = await generate(low.s, low.chatId);
    expect(r1.statusCode).toBe(403);
    expect(r1.json().message).toBe('Available at level 4');
    const plain = await chatAt(60, plainBot());
    const r2 = await generate(plain.s, plain.chatId);
    expect(r2.statusCode).toBe(403);
    expect(r2.json().message).toMatch(/does not send videos/);
    expect(
      (await inject(low.s, 'POST', '/api/media/generate-video', { chatId: 'x'.repeat(65) })).statusCode,
    ).toBe(400);
  });

  it('the first is free, the next cost tokens_for_get_video, at most video_quality per character', async () => {
    const bot = videoBot();
    const { s, chatId } = await chatAt(60, bot);
    const start = await tokensOf(s);
    const price = (await costs()).tokens_for_get_video;
    await t.app.ctx.services.ledger.apply({
      userId: s.userId,
      delta: price * bot.video_quality,
      reason: 'admin',
      idempotencyKey: `topup:${s.userId}`,
    });
    let expected = start + price * bot.video_quality;
    for (let i = 0; i < bot.video_quality; i++) {
      const res = await generate(s, chatId);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.job.cost).toBe(i === 0 ? 0 : price);
      expected -= body.job.cost;
      expect(body.updatedTokens).toBe(expected);
      expect(body.message.eventType).toBe('video_pending');
      const done = await eventually(async () => {
        const m = (await messages(s, chatId)).find((x) => x._id === body.message._id);
        return m?.eventType === 'video' ? m : null;
      });
      expect(done.video).toMatch(/^\/media\/video\/.+\.webm$/);
    }
    const over = await generate(s, chatId);
    expect(over.statusCode).toBe(403);
    expect(over.json().message).toMatch(/received all/);
    const chat = (await inject(s, 'GET', `/api/chat/${chatId}`)).json().data;
    expect(chat.videoRequested).toBe(bot.video_quality);
  });

  it('a failed video shows the error state and regenerates for free', async () => {
    const { s, chatId } = await chatAt(60, videoBot());
    failVideos = true;
    const res = await command(s, chatId, 'request:video');
    expect(res.statusCode, res.body).toBe(200);
    const pending = (await messages(s, chatId)).at(-1)!;
    expect(pending.eventType).toMatch(/^video_(pending|error)$/);
    await eventually(async () =>
      (await messages(s, chatId)).at(-1)!.eventType === 'video_error' ? true : null,
    );
    failVideos = false;
    const tokens = await tokensOf(s);
    // A double click starts one new attempt: the other click is refused.
    const clicks = await Promise.all([
      inject(s, 'POST', '/api/media/regenerate-video', { messageId: pending._id }),
      inject(s, 'POST', '/api/media/regenerate-video', { messageId: pending._id }),
    ]);
    expect(clicks.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const again = clicks.find((r) => r.statusCode === 200)!;
    expect(again.json().job.attempts).toBe(2);
    const done = await eventually(async () => {
      const m = (await messages(s, chatId)).find((x) => x._id === pending._id)!;
      return m.eventType === 'video' ? m : null;
    });
    expect(done.video).toMatch(/\.webm$/);
    expect(await tokensOf(s)).toBe(tokens);
    const ready = await inject(s, 'POST', '/api/media/regenerate-video', { messageId: pending._id });
    expect(ready.statusCode).toBe(409);
    const other = await onboardedUser(t.app);
    expect(
      (await inject(other, 'POST', '/api/media/regenerate-video', { messageId: pending._id })).statusCode,
    ).toBe(404);
  });
});

describe('a video job lost with its node', () => {
  it('fails after the limit, refunds its tokens once, and trying again is paid again', async () => {
    const bot = bots.find((b) => b.is_video && b.video_quality >= 3)!;
    const { s, chatId } = await chatAt(60, bot);
    const price = (await costs()).tokens_for_get_video;
    // The first video is free; the second one is paid and gets lost.
    const first = (await inject(s, 'POST', '/api/media/generate-video', { chatId })).json();
    await eventually(async () =>
      (await messages(s, chatId)).find((m) => m._id === first.message._id)?.eventType === 'video'
        ? true
        : null,
    );
    let release!: () => void;
    holdVideos = new Promise<void>((r) => (release = r));
    const before = await tokensOf(s);
    const lost = await inject(s, 'POST', '/api/media/generate-video', { chatId });
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json().updatedTokens).toBe(before - price);
    const messageId = lost.json().message._id as string;

    const sweep = (at: Date) => t.app.ctx.services.chats.companion.sweep(at);
    // Not yet past the limit: nothing happens.
    await sweep(new Date(Date.now() + 60_000));
    expect(await tokensOf(s)).toBe(before - price);
    // Past it, on two nodes at once: one refund.
    const later = new Date(Date.now() + 20 * 60_000);
    await Promise.all([sweep(later), sweep(later)]);
    await sweep(later);
    expect(await tokensOf(s)).toBe(before);
    const wallet = (await inject(s, 'GET', '/api/wallet')).json().entries as Array<{
      reason: string;
      delta: number;
    }>;
    expect(wallet.filter((e) => e.reason === 'refund')).toEqual([expect.objectContaining({ delta: price })]);
    expect((await messages(s, chatId)).find((m) => m._id === messageId)!.eventType).toBe('video_error');

    // The lost render finishing late changes nothing: the refund stands, no video appears.
    holdVideos = null;
    release();
    await eventually(() => Promise.resolve(t.app.ctx.background.size === 0 ? true : null));
    expect((await messages(s, chatId)).find((m) => m._id === messageId)!.eventType).toBe('video_error');

    // Trying again is a new, paid attempt (the tokens came back).
    const again = await inject(s, 'POST', '/api/media/regenerate-video', { messageId });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().updatedTokens).toBe(before - price);
    await eventually(async () =>
      (await messages(s, chatId)).find((m) => m._id === messageId)?.eventType === 'video' ? true : null,
    );
    expect(await tokensOf(s)).toBe(before - price);
  });
});

describe('photos from the user', () => {
  const png = async (w = 64, h = 48) =>
    `data:image/png;base64,${(
      await sharp({ create: { width: w, height: h, channels: 3, background: '#c0ffee' } })
        .png()
        .toBuffer()
    ).toString('base64')}`;
  const sendPhoto = (s: Session, chatId: string, photo: string, message?: string) =>
    inject(s, 'POST', `/api/chat/send/${chatId}`, {
      message: { photo, ...(message ? { message } : {}) },
      type: 'photo',
    });

  it('stores a real image as a JPEG for tokens_for_sent_photo, and she reacts to it', async () => {
    const { s, chatId } = await chatAt(42);
    const before = await tokensOf(s);
    const res = await sendPhoto(s, chatId, await png(1600, 1200));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updatedTokens).toBe(before - (await costs()).tokens_for_sent_photo);
    const mine = res.json().message as Msg;
    expect(mine.photo).toMatch(/^\/media\/user\/.+\.jpg$/);
    const meta = await sharp(await fileOf(mine.photo!)).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeLessThanOrEqual(800);
    expect(meta.height).toBeLessThanOrEqual(600);
    const reply = await eventually(async () => {
      const list = await messages(s, chatId);
      const last = list.at(-1)!;
      return !last.self ? last : null;
    });
    expect(reply.message.length).toBeGreaterThan(0);
    const points = (await inject(s, 'GET', `/api/chat/${chatId}`)).json().data.points as number;
    expect(points).toBeGreaterThan(42);
  });

  it('refuses a text file named like a JPEG, a GIF, and an oversize image with 400', async () => {
    const { s, chatId } = await chatAt(42);
    const before = await tokensOf(s);
    const fake = `data:image/jpeg;base64,${Buffer.from('just some text, not an image at all').toString('base64')}`;
    const gifBytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const gifAsPng = `data:image/png;base64,${gifBytes.toString('base64')}`;
    const noise = Buffer.alloc(700 * 560 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 700, height: 560, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(1_000_000);
    for (const [photo, why] of [
      [fake, /not a readable image/],
      [gifAsPng, /JPEG, PNG or WebP/],
      [`data:image/png;base64,${big.toString('base64')}`, /too large/],
      ['data:text/plain;base64,aGVsbG8=', /JPEG, PNG or WebP/],
    ] as const) {
      const res = await sendPhoto(s, chatId, photo);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().message).toMatch(why);
    }
    expect(await tokensOf(s)).toBe(before);
  });

  it('is refused below 40 points, for a New user and in the support chat (403)', async () => {
    const low = await chatAt(35);
    const r1 = await sendPhoto(low.s, low.chatId, await png());
    expect(r1.statusCode).toBe(403);
    expect(r1.json().message).toBe('Available at level 3');
    const fresh = await chatAt(50, bots[0], 'New');
    expect((await sendPhoto(fresh.s, fresh.chatId, await png())).statusCode).toBe(403);
    const support = (await inject(low.s, 'POST', '/api/chat/support')).json().support._id as string;
    expect((await sendPhoto(low.s, support, await png())).statusCode).toBe(403);
  });
});
