import type { AiStatus } from '@amora/shared/ai-status.ts';
import type { Message } from '@amora/shared/chat.ts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { chats } from '../../../db/schema/chats.ts';
import { users } from '../../../db/schema/users.ts';
import { demoCharacters } from '../../bots/seed-characters.ts';
import type { Socket } from 'socket.io-client';
import type { Brain, BrainContext } from '@amora/companion/engine/brain.ts';
import { WRITE_FIRST_CUE, createOpenAiBrain } from './openai-brain.ts';
import { createOpenAiClient } from './openai-client.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPLETION_TEXT,
  STREAM_PIECES,
  startLlmLoopback,
  type LlmLoopback,
} from '../../../test/llm-loopback.ts';
import { connectSocket, listenLocally } from '../../../test/socket-client.ts';
import {
  bearer,
  createChat,
  createTestApp,
  eventually,
  onboardedUser,
  type Session,
  type TestApp,
} from '../../../test/test-app.ts';

let llm: LlmLoopback;
let t: TestApp;
let url: string;

beforeAll(async () => {
  llm = await startLlmLoopback();
  t = await createTestApp({
    // With a trailing /v1/: the client must still reach /v1/chat/completions.
    LLM_BASE_URL: `${llm.url}/v1/`,
    LLM_MODEL: 'test',
    LLM_API_KEY: 'sk-loopback-secret',
    // Long enough that a loaded CI machine never stalls a healthy stream, short enough for the STALL test.
    LLM_IDLE_TIMEOUT_MS: '1500',
    LLM_TIMEOUT_MS: '2000',
    LLM_RETRIES: '1',
    LLM_RETRY_BASE_MS: '20',
  });
  url = await listenLocally(t.app);
});
afterAll(async () => {
  await t.close();
  await llm.close();
});

type Seen = { event: string; payload: unknown };

async function socketFor(s: Session): Promise<{ socket: Socket; seen: Seen[] }> {
  const socket = await connectSocket(url, s.token);
  const seen: Seen[] = [];
  socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
  return { socket, seen };
}

async function openChat(s: Session, botIndex = 0): Promise<string> {
  return (await createChat(t.app, s, { botIndex }))._id;
}

const balance = async (s: Session) =>
  (await t.app.inject({ method: 'GET', url: '/api/wallet', headers: bearer(s) })).json<{ tokens: number }>()
    .tokens;

async function send(s: Session, chatId: string, text: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chat/send/${chatId}`,
    headers: bearer(s),
    payload: { message: { message: text }, type: 'text' },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ updatedTokens: number; message: Message }>();
}

async function history(s: Session, chatId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/chat/${chatId}`, headers: bearer(s) });
  return res.json<{ data: { locked: boolean; messages: Message[] } }>().data;
}

const unlocked = (seen: Seen[], chatId: string) => () =>
  Promise.resolve(
    seen.some(
      (e) =>
        e.event === 'chat' &&
        (e.payload as { chatId: string; locked: boolean }).chatId === chatId &&
        !(e.payload as { locked: boolean }).locked,
    ),
  );

const herMessages = (seen: Seen[], chatId: string) =>
  seen
    .filter((e) => e.event === 'message')
    .map((e) => e.payload as { chatId: string; message: Message })
    .filter((p) => p.chatId === chatId && !p.message.self)
    .map((p) => p.message);

describe('OpenAI-compatible engine, streaming over the socket', () => {
  it('opens a chat with a greeting written by the model', async () => {
    const user = await onboardedUser(t.app);
    const chatId = await openChat(user, 1);
    const { messages } = await history(user, chatId);
    expect(messages.map((m) => m.message)).toContain(COMPLETION_TEXT);
  });

  it('grows her message under one _id as chunks arrive, then stores the whole text with that _id', async () => {
    const user = await onboardedUser(t.app, 'Boris');
    const chatId = await openChat(user);
    const { socket, seen } = await socketFor(user);
    const before = llm.requests.length;
    const sent = await send(user, chatId, 'Hi! How was your day?');
    await eventually(unlocked(seen, chatId));

    const versions = herMessages(seen, chatId);
    const ids = new Set(versions.map((m) => m._id));
    expect(ids.size).toBe(1);
    // Throttled to ~100 ms over 6 pieces 60 ms apart: several partial versions, each extending the last.
    expect(versions.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < versions.length; i++)
      expect(versions[i]!.message.startsWith(versions[i - 1]!.message)).toBe(true);
    const full = STREAM_PIECES.join('');
    expect(versions.at(-1)!.message).toBe(full);
    expect(versions[0]!.message.length).toBeLessThan(full.length);

    const { messages, locked } = await history(user, chatId);
    expect(locked).toBe(false);
    const stored = messages.at(-1)!;
    expect(stored._id).toBe([...ids][0]);
    expect(stored.message).toBe(full);
    expect(stored.self).toBe(false);
    expect(stored.responseMessageId).toBe(sent.message._id);

    // The request went to /v1/chat/completions, streaming, with the model and the key.
    const req = llm.requests.slice(before).find((r) => r.body.stream)!;
    expect(req.url).toBe('/v1/chat/completions');
    expect(req.body.model).toBe('test');
    expect(req.authorization).toBe('Bearer sk-loopback-secret');
    expect(req.body.messages[0]!.role).toBe('system');
    expect(req.body.messages.at(-1)).toEqual({ role: 'user', content: 'Hi! How was your day?' });
    socket.close();
  });

  it('remembers what the user told (shared fact memory) and puts it in the next prompt', async () => {
    const user = await onboardedUser(t.app);
    const chatId = await openChat(user, 2);
    const { socket, seen } = await socketFor(user);
    await send(user, chatId, 'My name is Boris and I live in Berlin');
    await eventually(unlocked(seen, chatId));
    seen.length = 0;
    const before = llm.requests.length;
    await send(user, chatId, 'I love playing chess');
    await eventually(unlocked(seen, chatId));
    const system = llm.requests.slice(before).find((r) => r.body.stream)!.body.messages[0]!.content;
    expect(system).toContain('name: Boris');
    expect(system).toContain('lives in: Berlin');
    expect(system).toContain('likes: playing chess');
    // The previous turn is in the history.
    const contents = llm.requests
      .slice(before)
      .find((r) => r.body.stream)!
      .body.messages.map((m) => m.content);
    expect(contents).toContain('My name is Boris and I live in Berlin');
    expect(contents).toContain(STREAM_PIECES.join(''));
    socket.close();
  });

  it("shows the model the user's photo as an image content part (a JPEG data URL)", async () => {
    const user = await onboardedUser(t.app, 'Alex');
    await t.app.ctx.db.update(users).set({ status: 'Paid' }).where(eq(users.id, user.userId));
    const chatId = await openChat(user);
    await t.app.ctx.db.update(chats).set({ points: 45, level: 3 }).where(eq(chats.id, chatId));
    const { socket, seen } = await socketFor(user);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    const before = llm.requests.length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/send/${chatId}`,
      headers: bearer(user),
      payload: {
        message: {
          message: 'This is me at the beach',
          photo: `data:image/png;base64,${png.toString('base64')}`,
        },
        type: 'photo',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await eventually(unlocked(seen, chatId));
    const req = llm.requests.slice(before).find((r) => r.body.stream)!;
    const last = req.body.messages.at(-1) as unknown as { role: string; content: unknown };
    expect(last.role).toBe('user');
    expect(last.content).toEqual([
      { type: 'text', text: 'This is me at the beach' },
      {
        type: 'image_url',
        image_url: { url: expect.stringMatching(/^data:image\/jpeg;base64,/) as unknown },
      },
    ]);
    const url = (last.content as Array<{ image_url?: { url: string } }>)[1]!.image_url!.url;
    const meta = await sharp(Buffer.from(url.split(',')[1]!, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 40, 30]);
    // Earlier turns stay plain text.
    expect(req.body.messages.slice(0, -1).every((m) => typeof m.content === 'string')).toBe(true);
    socket.close();
  });

  it('retries a 500 before any text, and a 429, then delivers the reply', async () => {
    const user = await onboardedUser(t.app);
    const chatId = await openChat(user, 3);
    const { socket, seen } = await socketFor(user);
    for (const text of ['FLAKY tell me a story', 'BUSY are you there?']) {
      seen.length = 0;
      const before = llm.requests.length;
      await send(user, chatId, text);
      await eventually(unlocked(seen, chatId));
      const attempts = llm.requests.slice(before).filter((r) => r.body.stream);
      expect(attempts).toHaveLength(2);
      expect(herMessages(seen, chatId).at(-1)!.message).toBe(STREAM_PIECES.join(''));
      expect(seen.some((e) => e.event === 'message_failed')).toBe(false);
    }
    const { messages } = await history(user, chatId);
    expect(messages.filter((m) => m.failed)).toHaveLength(0);
    socket.close();
  });
});

describe('OpenAI-compatible engine, failures', () => {
  it('a stalled stream times out (after its retry): message_failed and the tokens come back', async () => {
    const user = await onboardedUser(t.app);
    const chatId = await openChat(user);
    const { socket, seen } = await socketFor(user);
    const start = await balance(user);
    const before = llm.requests.length;
    const sent = await send(user, chatId, 'STALL please');
    expect(sent.updatedTokens).toBeLessThan(start);
    await eventually(unlocked(seen, chatId), 400);

    const failed = seen.filter((e) => e.event === 'message_failed').map((e) => e.payload);
    expect(failed).toContainEqual({ chatId, messageId: sent.message._id });
    expect(llm.requests.slice(before).filter((r) => r.body.stream)).toHaveLength(2);
    expect(await balance(user)).toBe(start);
    const { messages, locked } = await history(user, chatId);
    expect(locked).toBe(false);
    expect(messages.find((m) => m._id === sent.message._id)!.failed).toBe(true);
    expect(messages.at(-1)!._id).toBe(sent.message._id);
    socket.close();
  });

  it('an error mid-stream fails the reply (no retry after text), marks the partial message failed and refunds', async () => {
    const user = await onboardedUser(t.app);
    const chatId = await openChat(user, 1);
    const { socket, seen } = await socketFor(user);
    const start = await balance(user);
    const before = llm.requests.length;
    const sent = await send(user, chatId, 'MIDFAIL what now');
    await eventually(unlocked(seen, chatId), 400);

    const partial = herMessages(seen, chatId);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.at(-1)!.message).toBe('I was just about to say');
    const failedIds = seen
      .filter((e) => e.event === 'message_failed')
      .map((e) => (e.payload as { messageId: string }).messageId);
    expect(failedIds).toEqual(expect.arrayContaining([sent.message._id, partial[0]!._id]));
    expect(llm.requests.slice(before).filter((r) => r.body.stream)).toHaveLength(1);
    expect(await balance(user)).toBe(start);
    const { messages } = await history(user, chatId);
    expect(messages.some((m) => m._id === partial[0]!._id)).toBe(false);
    expect(messages.find((m) => m._id === sent.message._id)!.failed).toBe(true);
    socket.close();
  });
});

describe('AI status', () => {
  it('goes down after failed replies, tells every client, and recovers on the next good reply', async () => {
    const user = await onboardedUser(t.app);
    const watcher = await onboardedUser(t.app);
    const chatId = await openChat(user, 2);
    const { socket, seen } = await socketFor(user);
    const other = await socketFor(watcher);
    const status = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/chat/ai-status' })).json<{ data: AiStatus }>().data;

    // Earlier failures in this file may have left it down; a good reply brings it back first.
    await send(user, chatId, 'hello you');
    await eventually(unlocked(seen, chatId));
    expect((await status()).status).toBe('ok');
    for (const text of ['DOWN one', 'DOWN two']) {
      seen.length = 0;
      await send(user, chatId, text);
      await eventually(unlocked(seen, chatId), 400);
    }
    const down = await status();
    expect(down).toMatchObject({ engine: 'openai', status: 'down' });
    expect(Date.parse(down.lastErrorAt!)).toBeGreaterThan(Date.now() - 60_000);
    await eventually(() =>
      Promise.resolve(
        other.seen.some((e) => e.event === 'ai_status' && (e.payload as AiStatus).status === 'down'),
      ),
    );

    // SPEC §4 request_lifecheck_ai: the socket asks, the server answers ai_status.
    const answer = new Promise<AiStatus>((resolve) => other.socket.once('ai_status', resolve));
    other.socket.emit('request_lifecheck_ai');
    expect((await answer).status).toBe('down');

    seen.length = 0;
    await send(user, chatId, 'all good again?');
    await eventually(unlocked(seen, chatId));
    expect((await status()).status).toBe('ok');
    await eventually(() =>
      Promise.resolve(
        other.seen.some((e) => e.event === 'ai_status' && (e.payload as AiStatus).status === 'ok'),
      ),
    );
    socket.close();
    other.socket.close();
  });

  it('reports the built-in engine as ok', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/chat/ai-status' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: { engine: 'builtin', status: 'ok', lastErrorAt: null } });
    } finally {
      await plain.close();
    }
  });
});

describe('she writes first, with the OpenAI-compatible engine', () => {
  const yuki = demoCharacters[0]!;
  const ctx: BrainContext = {
    character: {
      name: yuki.name,
      age: yuki.age,
      sex: yuki.sex,
      hobbies: yuki.hobbies,
      persona: yuki.persona,
    },
    language: 'en',
    user: { name: 'Alex', age: 31, sex: 'male' },
    chat: { level: 2, points: 25, mood: 'Sad', mode: 'gentle', spicy: false },
    memory: { llm: { summary: 'They talked about chess.', turn: 8 } },
    history: [
      { self: true, text: 'I am off to my chess club' },
      { self: false, text: 'Good luck, win one for me!' },
    ],
    userMessage: '',
    now: new Date('2025-06-01T18:00:00Z'),
  };
  const referee: Brain = {
    name: 'referee',
    reply: () => Promise.reject(new Error('not used')),
    greeting: () => Promise.reject(new Error('not used')),
    writeFirst: (c) =>
      Promise.resolve({
        text: 'Thinking of you',
        memory: { v: 1, seen: c.chat.points },
        pointsDelta: 0,
        intent: 'nudge',
      }),
  };
  const clientAt = (baseUrl: string) =>
    createOpenAiClient({
      baseUrl,
      model: 'test',
      timeoutMs: 500,
      idleTimeoutMs: 500,
      retries: 0,
      retryBaseMs: 1,
    });

  it('asks the model with her persona, mood, memory and the recent talk; keeps the rolling summary', async () => {
    const brain = createOpenAiBrain({ client: clientAt(llm.url), referee, contextTokens: 4096 });
    const before = llm.requests.length;
    const out = await brain.writeFirst!(ctx);
    expect(out.text).toBe(COMPLETION_TEXT);
    expect(out.memory.llm).toEqual({ summary: 'They talked about chess.', turn: 8 });
    const req = llm.requests.slice(before);
    expect(req).toHaveLength(1);
    const messages = req[0]!.body.messages;
    const system = messages[0]!.content;
    expect(system).toContain(yuki.persona.displayName.en);
    expect(system).toContain('Mood: Sad');
    expect(system).toContain('They talked about chess.');
    expect(messages.map((m) => m.content)).toContain('I am off to my chess club');
    expect(messages.at(-1)).toEqual({ role: 'user', content: WRITE_FIRST_CUE });
  });

  it('falls back to the built-in line when the model cannot be reached', async () => {
    const brain = createOpenAiBrain({ client: clientAt('http://127.0.0.1:1'), referee, contextTokens: 4096 });
    const out = await brain.writeFirst!(ctx);
    expect(out.text).toBe('Thinking of you');
    expect(out.memory).toEqual({ v: 1, seen: 25, llm: { summary: 'They talked about chess.', turn: 8 } });
    const plain = createOpenAiBrain({
      client: clientAt(llm.url),
      referee: { ...referee, writeFirst: undefined },
      contextTokens: 4096,
    });
    expect('writeFirst' in plain).toBe(false);
  });

  it('in the app: the sweep stores the line the model wrote', async () => {
    const user = await onboardedUser(t.app, 'Alex');
    await t.app.ctx.db.update(users).set({ status: 'Paid' }).where(eq(users.id, user.userId));
    const chatId = await openChat(user);
    await t.app.ctx.db
      .update(chats)
      .set({ lastActivityAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000), nudgedAt: null })
      .where(eq(chats.id, chatId));
    await t.app.ctx.services.chats.companion.sweep();
    const { messages } = await history(user, chatId);
    const nudge = messages.find((m) => m.eventType === 'write_first');
    expect(nudge?.message).toBe(COMPLETION_TEXT);
  });
});
