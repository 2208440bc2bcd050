import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chats } from '../../db/schema/chats.ts';
import { startLlmLoopback, type LlmLoopback } from '../../test/llm-loopback.ts';
import { connectSocket, listenLocally } from '../../test/socket-client.ts';
import {
  bearer,
  createAdminTestApp,
  createChat,
  createTestApp,
  eventually,
  onboardedUser,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';

type Msg = { _id: string; message: string; self: boolean };

function helpers(t: () => TestApp) {
  const inject = (s: Session, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t().app.inject({
      method,
      url,
      headers: bearer(s),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const send = (s: Session, chatId: string, message: string) =>
    inject(s, 'POST', `/api/chat/send/${chatId}`, { message: { message }, type: 'text' });
  const history = async (s: Session, chatId: string) =>
    (await inject(s, 'GET', `/api/chat/${chatId}`)).json().data as { messages: Msg[]; locked: boolean };
  /** Sends and waits for her answer to it; returns that answer. */
  const turn = async (s: Session, chatId: string, message: string): Promise<Msg> => {
    const res = await send(s, chatId, message);
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().message._id as string;
    return eventually(async () => {
      const h = await history(s, chatId);
      const i = h.messages.findIndex((m) => m._id === sent);
      const answer = h.messages.slice(i + 1).find((m) => !m.self);
      return !h.locked && answer ? answer : null;
    });
  };
  const memoryOf = async (chatId: string) =>
    JSON.stringify((await t().app.ctx.db.select().from(chats).where(eq(chats.id, chatId)))[0]!.memory);
  return { inject, send, history, turn, memoryOf };
}

describe('safety layer with the built-in engine', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    ({ t, admin } = await createAdminTestApp());
  });
  afterAll(async () => t.close());
  const h = helpers(() => t);

  it('answers a crisis statement with help and a crisis line, keeps it out of memory, records it', async () => {
    const s = await onboardedUser(t.app, 'Sam'); // country DE
    const chat = await createChat(t.app, s);
    const tokensBefore = (await h.inject(s, 'GET', '/api/user')).json().user.tokens as number;
    const reply = await h.turn(s, chat._id, 'I want to kill myself');
    expect(reply.message).toMatch(/0800 111 0 111/);
    expect(reply.message).toMatch(/findahelpline\.com/);
    expect(reply.message).not.toMatch(/good luck|tell me how it goes/i);
    // The message was not charged.
    expect((await h.inject(s, 'GET', '/api/user')).json().user.tokens).toBe(tokensBefore);
    const memory = await h.memoryOf(chat._id);
    expect(memory).not.toMatch(/kill/i);
    // Later turns never bring it back.
    for (const text of [
      'what are you doing tonight?',
      'do you remember what I said?',
      'tell me about my plans',
    ]) {
      const later = await h.turn(s, chat._id, text);
      expect(later.message).not.toMatch(/kill|die|suicid/i);
    }
    expect(await h.memoryOf(chat._id)).not.toMatch(/kill/i);
    const events = (await h.inject(admin, 'GET', '/api/admin/safety/events')).json().data as Array<{
      kind: string;
      userId: string;
      chatId: string;
      excerpt: string;
    }>;
    expect(events.find((e) => e.userId === s.userId)).toMatchObject({
      kind: 'crisis',
      chatId: chat._id,
      excerpt: 'I want to kill myself',
    });
  });

  it('answers in Russian with the Russian line', async () => {
    const s = await onboardedUser(t.app, 'Саша');
    await h.inject(s, 'POST', '/api/user/update', { country: 'RU' });
    const chat = await createChat(t.app, s, { language: 'ru' });
    const reply = await h.turn(s, chat._id, 'хочу покончить с собой');
    expect(reply.message).toMatch(/8-800-2000-122/);
    expect(reply.message).toMatch(/Мне очень жаль/);
    expect(await h.memoryOf(chat._id)).not.toMatch(/поконч/);
  });

  it('checks in gently on the next message after a crisis, out of role, then talks as usual (en, ru)', async () => {
    const cases = [
      {
        language: 'en',
        crisis: "i don't want to wake up tomorrow",
        next: 'what are you up to tonight? 😘',
        checkIn: /How are you feeling right now/,
      },
      {
        language: 'ru',
        crisis: 'сил больше нет, хочу исчезнуть',
        next: 'что делаешь вечером?',
        checkIn: /Как ты сейчас/,
      },
    ] as const;
    for (const c of cases) {
      const s = await onboardedUser(t.app); // country DE
      const chat = await createChat(t.app, s, { language: c.language });
      const help = await h.turn(s, chat._id, c.crisis);
      expect(help.message).toMatch(/findahelpline\.com/);
      const checkIn = await h.turn(s, chat._id, c.next);
      expect(checkIn.message, c.language).toMatch(c.checkIn);
      expect(checkIn.message).toMatch(/0800 111 0 111/);
      // Out of role and no flirting that turn: no pet names, kisses or winks.
      expect(checkIn.message).not.toMatch(
        /😘|😉|❤|💋|babe|baby|sweetheart|darling|kiss|милый|милая|малыш|зай|целую/i,
      );
      // The turn after is the engine again (no second check-in).
      const after = await h.turn(s, chat._id, c.language === 'en' ? 'I love pizza' : 'я люблю пиццу');
      expect(after.message).not.toMatch(c.checkIn);
      expect(after.message).not.toMatch(/findahelpline/);
      expect(await h.memoryOf(chat._id)).not.toMatch(/wake up tomorrow|исчезнуть/);
    }
  });

  it('checks in when she writes first after a crisis (the user came back)', async () => {
    const s = await onboardedUser(t.app);
    const chat = await createChat(t.app, s);
    await h.turn(s, chat._id, 'everyone would be better off without me');
    const [row] = await t.app.ctx.db.select().from(chats).where(eq(chats.id, chat._id));
    expect(
      await t.app.ctx.services.chats.companion.writeFirst(row!, new Date(Date.now() + 48 * 3600 * 1000)),
    ).toBe(true);
    const h2 = await h.history(s, chat._id);
    const last = h2.messages.at(-1)!;
    expect(last.self).toBe(false);
    expect(last.message).toMatch(/How are you feeling right now/);
  });

  it('passes look-alikes to the engine as usual', async () => {
    const s = await onboardedUser(t.app);
    const chat = await createChat(t.app, s);
    for (const text of ['this game is killing me', 'I was 15 when I moved to Berlin', 'my sister is 14']) {
      const reply = await h.turn(s, chat._id, text);
      expect(reply.message).not.toMatch(/findahelpline|age review/i);
    }
    expect((await h.inject(s, 'GET', '/api/safety/status')).json()).toEqual({
      ageReview: false,
      status: 'none',
    });
    const events = (await h.inject(admin, 'GET', '/api/admin/safety/events')).json().data as Array<{
      userId: string;
    }>;
    expect(events.some((e) => e.userId === s.userId)).toBe(false);
  });

  it('stops the chat for an under-18 statement, locks the account, and the operator restores it', async () => {
    const s = await onboardedUser(t.app); // onboarding said 27
    const chat = await createChat(t.app, s);
    const reply = await h.turn(s, chat._id, "btw I'm 15");
    expect(reply.message).toMatch(/under 18/);
    expect((await h.inject(s, 'GET', '/api/safety/status')).json()).toEqual({
      ageReview: true,
      status: 'review',
    });
    const refused = await h.send(s, chat._id, 'hello?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'AGE_REVIEW' });
    const other = await h.inject(s, 'POST', '/api/chat', {
      botId: (await t.app.inject({ method: 'GET', url: '/api/bots' })).json().data[1]._id,
    });
    expect(other.json().code).toBe('AGE_REVIEW');
    // Reads stay open.
    expect((await h.inject(s, 'GET', `/api/chat/${chat._id}`)).statusCode).toBe(200);
    const events = (await h.inject(admin, 'GET', '/api/admin/safety/events')).json().data as Array<{
      kind: string;
      userId: string;
      statedAge: number;
      profileAge: number;
      hold: string;
    }>;
    expect(events.find((e) => e.userId === s.userId)).toMatchObject({
      kind: 'minor',
      statedAge: 15,
      profileAge: 27,
      hold: 'review',
    });
    // Only operators decide.
    expect((await h.inject(s, 'POST', `/api/admin/safety/users/${s.userId}/restore`)).statusCode).toBe(403);
    const restored = await h.inject(admin, 'POST', `/api/admin/safety/users/${s.userId}/restore`);
    expect(restored.json()).toEqual({ userId: s.userId, hold: 'none' });
    expect((await h.send(s, chat._id, 'hello again')).statusCode).toBe(200);
  });

  it('the operator can close a held account', async () => {
    const s = await onboardedUser(t.app);
    const chat = await createChat(t.app, s);
    await h.turn(s, chat._id, 'я школьница, 8 класс');
    expect((await h.inject(s, 'GET', '/api/safety/status')).json().status).toBe('review');
    const closed = await h.inject(admin, 'POST', `/api/admin/safety/users/${s.userId}/close`);
    expect(closed.json()).toEqual({ userId: s.userId, hold: 'closed' });
    expect((await h.inject(s, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await h.inject(admin, 'POST', '/api/admin/safety/users/nobody/close')).statusCode).toBe(404);
  });
});

describe('safety layer with the OpenAI-compatible engine', () => {
  let llm: LlmLoopback;
  let t: TestApp;
  beforeAll(async () => {
    llm = await startLlmLoopback();
    llm.pieceDelayMs = 0;
    t = await createTestApp({ LLM_BASE_URL: `${llm.url}/v1`, LLM_MODEL: 'test', LLM_RETRIES: '0' });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });
  const h = helpers(() => t);

  it('the model never sees a crisis statement, then or later; the user gets the help reply', async () => {
    const s = await onboardedUser(t.app);
    const chat = await createChat(t.app, s);
    const before = llm.requests.length;
    const reply = await h.turn(s, chat._id, "I've been cutting myself again");
    expect(reply.message).toMatch(/0800 111 0 111/);
    expect(llm.requests.length).toBe(before);
    // Her next turn is the check-in (decision 062): the model is not asked either.
    const checkIn = await h.turn(s, chat._id, 'ok');
    expect(checkIn.message).toMatch(/How are you feeling right now/);
    expect(llm.requests.length).toBe(before);
    await h.turn(s, chat._id, 'what should we do this weekend?');
    const seen = JSON.stringify(llm.requests.slice(before).map((r) => r.body.messages));
    expect(seen).not.toMatch(/How are you feeling right now/);
    expect(seen).toMatch(/what should we do this weekend\?/i);
    expect(seen).not.toMatch(/cutting myself|findahelpline/);
  });

  it('a look-alike goes to the model as usual', async () => {
    const s = await onboardedUser(t.app);
    const chat = await createChat(t.app, s);
    const before = llm.requests.length;
    await h.turn(s, chat._id, 'I could die of laughter');
    const last = llm.requests.slice(before).at(-1)!;
    expect(JSON.stringify(last.body.messages.at(-1))).toMatch(/I could die of laughter/i);
  });
});

describe('the write guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const h = helpers(() => t);

  it('lets a held account sign out but refuses profile writes', async () => {
    const s = await onboardedUser(t.app);
    const chat = await createChat(t.app, s);
    await h.turn(s, chat._id, "i'm in 9th grade");
    const update = await h.inject(s, 'POST', '/api/user/update', { name: 'Other' });
    expect(update.statusCode).toBe(403);
    expect(update.json().code).toBe('AGE_REVIEW');
    // The support chat stays open: that is how a held user reaches the team.
    const support = await h.inject(s, 'POST', '/api/chat/support');
    expect(support.statusCode, support.body).toBeLessThan(400);
    const supportId = support.json().support._id as string;
    expect((await h.send(s, supportId, 'I am 25, really')).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(s), cookie: s.cookie },
    });
    expect(out.statusCode).toBeLessThan(400);
  });
});

describe('the age-review hold refuses every chat command (decision 061)', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listenLocally(t.app);
  });
  afterAll(async () => t.close());
  const h = helpers(() => t);

  it('commands, media requests, gifts, likes and the set_voice_mode socket write answer AGE_REVIEW', async () => {
    const s = await onboardedUser(t.app);
    const chat = await createChat(t.app, s);
    const first = await h.turn(s, chat._id, 'hi, how are you?');
    // Before the hold a command goes through (not AGE_REVIEW).
    const before = await h.inject(s, 'POST', `/api/chat/command/${chat._id}`, {
      command: 'mode:gentle',
      requestId: 'before-hold-1',
    });
    expect(before.json().code).not.toBe('AGE_REVIEW');

    await h.turn(s, chat._id, 'мне 15');
    const status = (await h.inject(s, 'GET', '/api/safety/status')).json();
    expect(status.ageReview).toBe(true);

    const commands = [
      'gift:rose',
      'mode:dominant',
      'spicy:on',
      'voice:on',
      'request:photo',
      'request:voice',
      'request:video',
      'reset',
      'reload',
      'language:ru',
    ];
    for (const [i, command] of commands.entries()) {
      const res = await h.inject(s, 'POST', `/api/chat/command/${chat._id}`, {
        command,
        requestId: `held-command-${i}`,
      });
      expect(res.statusCode, command).toBe(403);
      expect(res.json().code, command).toBe('AGE_REVIEW');
    }
    for (const [url, payload] of [
      [`/api/chat/send/${chat._id}`, { message: { message: 'hello?' }, type: 'text' }],
      [`/api/chat/${chat._id}/like/${first._id}`, undefined],
    ] as const) {
      const res = await h.inject(s, 'POST', url, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('AGE_REVIEW');
    }

    const socket = await connectSocket(url, s.token);
    try {
      const ack = await socket
        .timeout(5000)
        .emitWithAck('set_voice_mode', { chatId: chat._id, voiceMode: true });
      expect(ack).toMatchObject({ ok: false, statusCode: 403, code: 'AGE_REVIEW' });
      expect(ack.ok === false && ack.message).toBeTruthy();
    } finally {
      socket.close();
    }
  });
});
