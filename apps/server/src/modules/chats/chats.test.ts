import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import {
  bearer,
  createTestApp,
  eventually,
  onboardedUser,
  signUp,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';
import { typingDelay } from './chats.service.ts';
import type { Brain } from '@amora/companion/engine/brain.ts';

let t: TestApp;
let botIds: string[];
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/bots' });
  botIds = (res.json().data as Array<{ _id: string }>).map((b) => b._id);
});
afterAll(async () => t.close());

const inject = (s: Session, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(s),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const open = (s: Session, botId: string, language?: string) =>
  inject(s, 'POST', '/api/chat', language ? { botId, language } : { botId });
const send = (s: Session, chatId: string, message: unknown) =>
  inject(s, 'POST', `/api/chat/send/${chatId}`, { message: { message }, type: 'text' });
const history = async (s: Session, chatId: string, before?: string) =>
  (await inject(s, 'GET', `/api/chat/${chatId}${before ? `?before=${before}` : ''}`)).json().data as {
    messages: Array<{ _id: string; message: string; self: boolean; failed: boolean }>;
    hasMore: boolean;
    locked: boolean;
    points: number;
    level: number;
  };
const tokensOf = async (s: Session) => (await inject(s, 'GET', '/api/user')).json().user.tokens as number;
/** Waits until her reply to the last message is stored and the chat unlocked. */
const waitForReplies = (s: Session, chatId: string, count: number) =>
  eventually(async () => {
    const h = await history(s, chatId);
    const last = h.messages.at(-1);
    const enough = h.hasMore || h.messages.filter((m) => !m.self).length >= count;
    return !h.locked && last && !last.self && enough ? h : null;
  });

describe('opening a chat', () => {
  it('costs tokens_for_model once, greets the user by name, and returns the same chat again', async () => {
    const s = await onboardedUser(t.app, 'Alex');
    const costs = await t.app.ctx.services.settings.costs();
    const res = await open(s, botIds[0]!);
    expect(res.statusCode).toBe(201);
    const chat = res.json().data.chat;
    expect(chat).toMatchObject({
      level: 1,
      points: 0,
      locked: false,
      mood: 'Neutral',
      mode: 'gentle',
      language: 'en',
    });
    expect(chat.bot._id).toBe(botIds[0]);
    expect(chat.lastMessage.self).toBe(false);
    expect(await tokensOf(s)).toBe(500 - costs.tokens_for_model);

    const again = await open(s, botIds[0]!);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.chat._id).toBe(chat._id);
    expect(await tokensOf(s)).toBe(500 - costs.tokens_for_model);

    const h = await history(s, chat._id);
    expect(h.messages).toHaveLength(1);
    expect(h.messages[0]!.message.toLowerCase()).toContain('alex');
  });

  it('opens concurrently only once', async () => {
    const s = await onboardedUser(t.app);
    const results = await Promise.all([open(s, botIds[1]!), open(s, botIds[1]!), open(s, botIds[1]!)]);
    const ids = new Set(results.map((r) => r.json().data.chat._id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const costs = await t.app.ctx.services.settings.costs();
    expect(await tokensOf(s)).toBe(500 - costs.tokens_for_model);
  });

  it('refuses unknown characters and bad bodies', async () => {
    const s = await signUp(t.app);
    expect((await open(s, 'nope')).statusCode).toBe(404);
    expect((await inject(s, 'POST', '/api/chat', { botId: 5 })).statusCode).toBe(400);
    expect((await inject(s, 'POST', '/api/chat', {})).statusCode).toBe(400);
    expect((await inject(s, 'POST', '/api/chat', { botId: botIds[0], language: 'xx' })).statusCode).toBe(400);
  });

  it('answers 402 when the balance cannot pay for a new character, creating nothing', async () => {
    const s = await signUp(t.app);
    await t.app.ctx.services.ledger.apply({
      userId: s.userId,
      delta: -495,
      reason: 'admin',
      idempotencyKey: `drain:${s.userId}`,
    });
    const res = await open(s, botIds[2]!);
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('INSUFFICIENT_TOKENS');
    expect((await inject(s, 'GET', '/api/chat')).json().data).toHaveLength(0);
    expect(await tokensOf(s)).toBe(5);
  });
});

describe('sending', () => {
  it('stores the message (first letter uppercased), charges it, locks until the reply, then stores the reply', async () => {
    const s = await onboardedUser(t.app, 'Sam');
    const chat = (await open(s, botIds[3]!)).json().data.chat;
    const before = await tokensOf(s);
    const costs = await t.app.ctx.services.settings.costs();
    const res = await send(s, chat._id, '  hello, how are you?');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toMatchObject({ self: true, message: 'Hello, how are you?', failed: false });
    expect(body.updatedTokens).toBe(before - costs.tokens_for_message);

    const h = await waitForReplies(s, chat._id, 2);
    expect(h.messages.map((m) => m.self)).toEqual([false, true, false]);
    expect(h.messages[2]!.message.length).toBeGreaterThan(0);
    expect(h.points).toBeGreaterThan(0);
    expect(await tokensOf(s)).toBe(before - costs.tokens_for_message);

    const list = (await inject(s, 'GET', '/api/chat')).json().data;
    expect(list[0]._id).toBe(chat._id);
    expect(list[0].lastMessage.self).toBe(false);
  });

  it('refuses messages over 160 characters with MESSAGE_TOO_LONG and empty ones, charging nothing', async () => {
    const s = await onboardedUser(t.app);
    const chat = (await open(s, botIds[4]!)).json().data.chat;
    const before = await tokensOf(s);
    const long = await send(s, chat._id, 'a'.repeat(161));
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('MESSAGE_TOO_LONG');
    const empty = await send(s, chat._id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_ERROR');
    const wrongType = await send(s, chat._id, 42);
    expect(wrongType.statusCode).toBe(400);
    const missing = await inject(s, 'POST', `/api/chat/send/${chat._id}`, { type: 'text' });
    expect(missing.statusCode).toBe(400);
    const exactly = await send(s, chat._id, 'b'.repeat(160));
    expect(exactly.statusCode).toBe(200);
    await waitForReplies(s, chat._id, 2);
    const costs = await t.app.ctx.services.settings.costs();
    expect(await tokensOf(s)).toBe(before - costs.tokens_for_message);
  });

  it('two sends at once on one chat: one wins, one gets 409 CHAT_LOCKED, the balance is right', async () => {
    // Her reply waits for a gate, so the chat is surely still locked when the second send lands.
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const gated = await createTestApp(
      {},
      {
        brain: {
          name: 'gated',
          greeting: async (ctx) => ({
            text: 'Hi there',
            memory: ctx.memory,
            pointsDelta: 0,
            intent: 'greeting',
          }),
          reply: async (ctx) => {
            await gate;
            return { text: 'Sorry, I was busy', memory: ctx.memory, pointsDelta: 1, intent: 'other' };
          },
        },
      },
    );
    try {
      const g = gated.app;
      const s = await onboardedUser(g);
      const bots = (await g.inject({ method: 'GET', url: '/api/bots' })).json().data;
      const chat = (
        await g.inject({
          method: 'POST',
          url: '/api/chat',
          headers: bearer(s),
          payload: { botId: bots[0]._id },
        })
      ).json().data.chat;
      const tokens = async () =>
        (await g.inject({ method: 'GET', url: '/api/user', headers: bearer(s) })).json().user
          .tokens as number;
      const sendG = (text: string) =>
        g.inject({
          method: 'POST',
          url: `/api/chat/send/${chat._id}`,
          headers: bearer(s),
          payload: { message: { message: text }, type: 'text' },
        });
      const before = await tokens();
      const costs = await g.ctx.services.settings.costs();
      const [a, b] = await Promise.all([sendG('First'), sendG('Second')]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json().code).toBe('CHAT_LOCKED');
      expect(await tokens()).toBe(before - costs.tokens_for_message);
      open();
      const h = await eventually(async () => {
        const d = (await g.inject({ method: 'GET', url: `/api/chat/${chat._id}`, headers: bearer(s) })).json()
          .data;
        return !d.locked ? d : null;
      });
      expect(h.messages.filter((m: { self: boolean }) => m.self)).toHaveLength(1);
      expect(h.messages.at(-1).message).toBe('Sorry, I was busy');
      // Once she answered, the next message goes through.
      expect((await sendG('Third')).statusCode).toBe(200);
      expect(await g.ctx.services.ledger.sum(s.userId)).toBe(await tokens());
    } finally {
      open();
      await gated.close();
    }
  });

  it('another user’s chat answers 404 everywhere', async () => {
    const owner = await onboardedUser(t.app);
    const intruder = await onboardedUser(t.app);
    const chat = (await open(owner, botIds[6]!)).json().data.chat;
    expect((await inject(intruder, 'GET', `/api/chat/${chat._id}`)).statusCode).toBe(404);
    const res = await send(intruder, chat._id, 'Hi');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await inject(intruder, 'GET', '/api/chat')).json().data).toHaveLength(0);
    expect(await tokensOf(intruder)).toBe(500);
  });

  it('answers 402 when the balance cannot pay for a message and keeps the chat usable', async () => {
    const s = await onboardedUser(t.app);
    const chat = (await open(s, botIds[7]!)).json().data.chat;
    const balance = await tokensOf(s);
    await t.app.ctx.services.ledger.apply({
      userId: s.userId,
      delta: -balance,
      reason: 'admin',
      idempotencyKey: `drain2:${s.userId}`,
    });
    const res = await send(s, chat._id, 'Hello');
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('INSUFFICIENT_TOKENS');
    const h = await history(s, chat._id);
    expect(h.locked).toBe(false);
    expect(h.messages.filter((m) => m.self)).toHaveLength(0);
  });

  it('refuses banned users with 403 BANNED', async () => {
    const s = await onboardedUser(t.app);
    const chat = (await open(s, botIds[8]!)).json().data.chat;
    await t.app.ctx.db
      .update(users)
      .set({ banned: true, bannedReason: 'Spam' })
      .where(eq(users.id, s.userId));
    const res = await send(s, chat._id, 'Hello');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'BANNED', message: 'Spam' });
    expect((await open(s, botIds[9]!)).statusCode).toBe(403);
  });
});

describe('history paging', () => {
  it('pages backwards with `before` without gaps or repeats', async () => {
    const s = await onboardedUser(t.app);
    const chat = (await open(s, botIds[10]!)).json().data.chat;
    for (let i = 0; i < 17; i++) {
      expect((await send(s, chat._id, `Message number ${i}`)).statusCode).toBe(200);
      await waitForReplies(s, chat._id, i + 2);
    }
    const first = await history(s, chat._id);
    expect(first.messages).toHaveLength(30);
    expect(first.hasMore).toBe(true);
    const second = await history(s, chat._id, first.messages[0]!._id);
    expect(second.hasMore).toBe(false);
    const all = [...second.messages, ...first.messages];
    expect(all).toHaveLength(35);
    expect(new Set(all.map((m) => m._id)).size).toBe(35);
    expect(all.filter((m) => m.self).map((m) => m.message)).toEqual(
      Array.from({ length: 17 }, (_, i) => `Message number ${i}`),
    );
    expect((await inject(s, 'GET', `/api/chat/${chat._id}?before=unknown`)).statusCode).toBe(404);
  });
});

describe('language', () => {
  it('replies in Russian in a Russian chat and charges the extra language cost', async () => {
    const s = await onboardedUser(t.app, 'Иван');
    const chat = (await open(s, botIds[11]!, 'ru')).json().data.chat;
    const costs = await t.app.ctx.services.settings.costs();
    const before = await tokensOf(s);
    await send(s, chat._id, 'Привет! Как дела?');
    const h = await waitForReplies(s, chat._id, 2);
    for (const m of h.messages.filter((x) => !x.self)) expect(m.message).toMatch(/[а-яё]/i);
    expect(await tokensOf(s)).toBe(before - costs.tokens_for_message - costs.extra_tokens_for_language);
  });
});

describe('support chat', () => {
  it('creates one free support chat per user', async () => {
    const s = await signUp(t.app);
    const a = await inject(s, 'POST', '/api/chat/support');
    const b = await inject(s, 'POST', '/api/chat/support');
    expect(a.statusCode).toBe(200);
    expect(a.json().support._id).toBe(b.json().support._id);
    const res = await send(s, a.json().support._id, 'I need help');
    expect(res.statusCode).toBe(200);
    expect(res.json().updatedTokens).toBe(500);
  });

  it('takes messages at 0 tokens (SPEC §5: the support chat is the exception); a character’s chat does not', async () => {
    const s = await onboardedUser(t.app);
    const chat = (await inject(s, 'POST', '/api/chat', { botId: botIds[1] })).json().data.chat._id as string;
    const left = await tokensOf(s);
    await t.app.ctx.services.ledger.apply({
      userId: s.userId,
      delta: -left,
      reason: 'admin',
      reference: null,
      idempotencyKey: `test:drain:${s.userId}`,
    });
    expect(await tokensOf(s)).toBe(0);
    const support = (await inject(s, 'POST', '/api/chat/support')).json().support._id as string;
    const res = await send(s, support, 'I have no tokens left');
    expect(res.statusCode).toBe(200);
    expect(res.json().updatedTokens).toBe(0);
    const refused = await send(s, chat, 'Hello?');
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('INSUFFICIENT_TOKENS');
  });
});

describe('a reply that fails', () => {
  it('marks the message failed, refunds it through the ledger and unlocks the chat', async () => {
    const failing: Brain = {
      name: 'failing',
      greeting: async (ctx) => ({ text: 'Hi', memory: ctx.memory, pointsDelta: 0, intent: 'greeting' }),
      reply: async () => {
        throw new Error('engine down');
      },
    };
    const f = await createTestApp({}, { brain: failing });
    try {
      const s = await onboardedUser(f.app);
      const bots = (await f.app.inject({ method: 'GET', url: '/api/bots' })).json().data;
      const chat = (
        await f.app.inject({
          method: 'POST',
          url: '/api/chat',
          headers: bearer(s),
          payload: { botId: bots[0]._id },
        })
      ).json().data.chat;
      const before = (await f.app.inject({ method: 'GET', url: '/api/user', headers: bearer(s) })).json().user
        .tokens;
      const sent = await f.app.inject({
        method: 'POST',
        url: `/api/chat/send/${chat._id}`,
        headers: bearer(s),
        payload: { message: { message: 'Hello' }, type: 'text' },
      });
      expect(sent.statusCode).toBe(200);
      const h = await eventually(async () => {
        const d = (
          await f.app.inject({ method: 'GET', url: `/api/chat/${chat._id}`, headers: bearer(s) })
        ).json().data;
        return !d.locked && d.messages.some((m: { failed: boolean }) => m.failed) ? d : null;
      });
      expect(h.messages.find((m: { self: boolean }) => m.self).failed).toBe(true);
      const after = (await f.app.inject({ method: 'GET', url: '/api/user', headers: bearer(s) })).json().user
        .tokens;
      expect(after).toBe(before);
      const wallet = (await f.app.inject({ method: 'GET', url: '/api/wallet', headers: bearer(s) })).json();
      expect(wallet.entries[0]).toMatchObject({ reason: 'refund', delta: 2 });
    } finally {
      await f.close();
    }
  });
});

describe('typing delay', () => {
  it('is zero at REPLY_DELAY_MS=0 and grows with the length of the reply', () => {
    expect(typingDelay('Hello there', 0)).toBe(0);
    const short = typingDelay('Hi!', 1000, () => 0.5);
    const long = typingDelay('x'.repeat(200), 1000, () => 0.5);
    expect(short).toBeGreaterThan(0);
    expect(long).toBeGreaterThan(short);
  });
});
