import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMPANION_SETTINGS } from '@amora/shared/settings.ts';
import { chats } from '../../db/schema/chats.ts';
import { users } from '../../db/schema/users.ts';
import {
  bearer,
  createTestApp,
  eventually,
  onboardedUser,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';

let t: TestApp;
let botIds: string[];
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/bots' });
  botIds = (res.json().data as Array<{ _id: string }>).map((b) => b._id);
});
afterAll(async () => t.close());

type Msg = {
  _id: string;
  message: string;
  self: boolean;
  eventType: string | null;
  like: boolean;
  readed: boolean;
  language: string | null;
};
type ChatData = {
  _id: string;
  messages: Msg[];
  locked: boolean;
  points: number;
  level: number;
  mood: string;
  mode: string;
  spicy: boolean;
  status: string;
  language: string;
};

const inject = (s: Session, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(s),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const command = (s: Session, chatId: string, cmd: string, requestId?: string) =>
  inject(
    s,
    'POST',
    `/api/chat/command/${chatId}`,
    requestId ? { command: cmd, requestId } : { command: cmd },
  );
const chatOf = async (s: Session, chatId: string) =>
  (await inject(s, 'GET', `/api/chat/${chatId}`)).json().data as ChatData;
const tokensOf = async (s: Session) => (await inject(s, 'GET', '/api/user')).json().user.tokens as number;
const db = () => t.app.ctx.db;

/** A paid user (SPEC §6: New-status users only get reload) with an open chat. */
async function paidChat(botIndex = 0): Promise<{ s: Session; chatId: string }> {
  const s = await onboardedUser(t.app, 'Alex');
  await db().update(users).set({ status: 'Paid' }).where(eq(users.id, s.userId));
  const res = await inject(s, 'POST', '/api/chat', { botId: botIds[botIndex] });
  return { s, chatId: res.json().data.chat._id as string };
}
const setChat = (chatId: string, patch: Partial<typeof chats.$inferInsert>) =>
  db().update(chats).set(patch).where(eq(chats.id, chatId));
const settled = (s: Session, chatId: string) =>
  eventually(async () => {
    const c = await chatOf(s, chatId);
    return !c.locked && c.messages.at(-1)?.self === false ? c : null;
  });

describe('POST /api/chat/command/:id — common rules', () => {
  it('answers 400 VALIDATION_ERROR for text outside the vocabulary', async () => {
    const { s, chatId } = await paidChat();
    for (const bad of ['hello', 'gift:diamonds', 'mode:angry', 'language:xx', 'reset:1', ' ']) {
      const res = await command(s, chatId, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    }
    const noBody = await inject(s, 'POST', `/api/chat/command/${chatId}`, { cmd: 'reload' });
    expect(noBody.statusCode).toBe(400);
  });

  it("answers 404 for another user's chat and 401 without a token", async () => {
    const { chatId } = await paidChat();
    const other = await paidChat();
    const res = await command(other.s, chatId, 'reload');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/chat/command/${chatId}`,
      payload: { command: 'reload' },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('gives a New-status user only reload (SPEC §6)', async () => {
    const s = await onboardedUser(t.app);
    const chatId = (await inject(s, 'POST', '/api/chat', { botId: botIds[0] })).json().data.chat._id;
    const before = await tokensOf(s);
    const gift = await command(s, chatId, 'gift:flowers');
    expect(gift.statusCode).toBe(403);
    expect(gift.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Available after your first purchase' });
    for (const c of ['mode:dominant', 'reset', 'language:de'])
      expect((await command(s, chatId, c)).statusCode).toBe(403);
    const reload = await command(s, chatId, 'reload');
    expect(reload.statusCode).toBe(200);
    expect(reload.json()).toEqual({ updatedTokens: before });
    expect(await tokensOf(s)).toBe(before);
  });

  it('answers 403 BANNED for a banned user', async () => {
    const { s, chatId } = await paidChat();
    await db().update(users).set({ banned: true, bannedReason: 'Spam' }).where(eq(users.id, s.userId));
    const res = await command(s, chatId, 'reload');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'BANNED', message: 'Spam' });
  });

  it('gives the support chat only reload and reset', async () => {
    const { s } = await paidChat();
    const support = (await inject(s, 'POST', '/api/chat/support')).json().support._id as string;
    const gift = await command(s, support, 'gift:chocolate');
    expect(gift.statusCode).toBe(403);
    expect(gift.json().message).toMatch(/support chat/);
    expect((await command(s, support, 'mode:dominant')).statusCode).toBe(403);
    expect((await command(s, support, 'reload')).statusCode).toBe(200);
    expect((await command(s, support, 'reset')).statusCode).toBe(200);
  });
});

describe('gifts', () => {
  it('charges each gift its SPEC §9 price through the ledger and raises points', async () => {
    const prices = { chocolate: 15, vitamins: 20, flowers: 30, clothes: 40, money: 50, jewelry: 75 };
    const { s, chatId } = await paidChat();
    let tokens = await tokensOf(s);
    let points = 0;
    for (const [gift, price] of Object.entries(prices)) {
      const res = await command(s, chatId, `gift:${gift}`);
      expect(res.statusCode, gift).toBe(200);
      tokens -= price;
      expect(res.json()).toEqual({ updatedTokens: tokens });
      const chat = await settled(s, chatId);
      expect(chat.points).toBeGreaterThanOrEqual(points + DEFAULT_COMPANION_SETTINGS.gift_points[gift]!);
      points = chat.points;
      const mine = chat.messages.filter((m) => m.self && m.eventType === 'gift');
      expect(mine.at(-1)!.message).toContain(gift);
    }
    expect(await tokensOf(s)).toBe(tokens);
    const wallet = (await inject(s, 'GET', '/api/wallet')).json();
    expect(wallet.entries.filter((e: { reason: string }) => e.reason === 'gift')).toHaveLength(6);
    expect(wallet.tokens).toBe(tokens);
  });

  it('writes a level_up system message when a gift crosses a level marker', async () => {
    const { s, chatId } = await paidChat();
    await setChat(chatId, { points: 19 });
    expect((await command(s, chatId, 'gift:jewelry')).statusCode).toBe(200);
    const chat = await settled(s, chatId);
    expect(chat.level).toBe(2);
    const up = chat.messages.find((m) => m.eventType === 'level_up');
    expect(up?.message).toContain('Level 2');
    expect(chat.mood).not.toBe('Cold');
  });

  it('the gift she hoped for (the user’s preferences, SPEC §3) counts twice', async () => {
    const likesFlowers = await paidChat();
    const likesChocolate = await paidChat();
    await db()
      .update(users)
      .set({ preferences: ['Flowers'] })
      .where(eq(users.id, likesFlowers.s.userId));
    await db()
      .update(users)
      .set({ preferences: ['Chocolate'] })
      .where(eq(users.id, likesChocolate.s.userId));
    for (const { chatId } of [likesFlowers, likesChocolate]) await setChat(chatId, { points: 8 });
    // 8 + 2 × 6 reaches level 2 (20 points) at once; 8 + 6 does not, even with her reply's points.
    expect((await command(likesFlowers.s, likesFlowers.chatId, 'gift:flowers')).statusCode).toBe(200);
    expect((await command(likesChocolate.s, likesChocolate.chatId, 'gift:flowers')).statusCode).toBe(200);
    const wished = await settled(likesFlowers.s, likesFlowers.chatId);
    const other = await settled(likesChocolate.s, likesChocolate.chatId);
    expect(wished.messages.some((m) => m.eventType === 'level_up')).toBe(true);
    expect(wished.level).toBe(2);
    expect(other.messages.some((m) => m.eventType === 'level_up')).toBe(false);
    expect(other.level).toBe(1);
  });

  it('answers 402 INSUFFICIENT_TOKENS and changes nothing when the balance is short', async () => {
    const { s, chatId } = await paidChat();
    const balance = await tokensOf(s);
    await t.app.ctx.services.ledger.apply({
      userId: s.userId,
      delta: -(balance - 20),
      reason: 'admin',
      idempotencyKey: `drain:${s.userId}`,
    });
    const res = await command(s, chatId, 'gift:flowers');
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('INSUFFICIENT_TOKENS');
    expect(await tokensOf(s)).toBe(20);
    const chat = await chatOf(s, chatId);
    expect(chat.points).toBe(0);
    expect(chat.locked).toBe(false);
    expect((await command(s, chatId, 'gift:vitamins')).statusCode).toBe(200);
    expect(await tokensOf(s)).toBe(0);
  });

  it('charges a retried command with the same requestId once', async () => {
    const { s, chatId } = await paidChat();
    const before = await tokensOf(s);
    const first = await command(s, chatId, 'gift:chocolate', 'retry-abc-123');
    expect(first.statusCode).toBe(200);
    await settled(s, chatId);
    const again = await command(s, chatId, 'gift:chocolate', 'retry-abc-123');
    expect(again.statusCode).toBe(200);
    await settled(s, chatId);
    expect(await tokensOf(s)).toBe(before - 15);
  });

  it('cures her with vitamins only', async () => {
    const { s, chatId } = await paidChat();
    await setChat(chatId, { mood: 'Sick' });
    await command(s, chatId, 'gift:flowers');
    await settled(s, chatId);
    expect((await chatOf(s, chatId)).mood).toBe('Sick');
    await command(s, chatId, 'gift:vitamins');
    await settled(s, chatId);
    expect((await chatOf(s, chatId)).mood).not.toBe('Sick');
  });
});

describe('mode, spicy, language, reload', () => {
  it('switches the mode, storing the opposite of Dom/Sub but showing the chosen label', async () => {
    const { s, chatId } = await paidChat();
    expect((await command(s, chatId, 'mode:dominant')).statusCode).toBe(200);
    expect((await chatOf(s, chatId)).mode).toBe('dominant');
    const [row] = await db().select().from(chats).where(eq(chats.id, chatId));
    expect(row!.mode).toBe('Sub');
    await command(s, chatId, 'mode:submissive');
    expect((await chatOf(s, chatId)).mode).toBe('submissive');
    const [row2] = await db().select().from(chats).where(eq(chats.id, chatId));
    expect(row2!.mode).toBe('Dom');
    await command(s, chatId, 'mode:gentle');
    expect((await chatOf(s, chatId)).mode).toBe('gentle');
  });

  it('refuses spicy:on below level 3 with "Available at level 3", and allows it from level 3', async () => {
    const { s, chatId } = await paidChat();
    const locked = await command(s, chatId, 'spicy:on');
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Available at level 3' });
    await setChat(chatId, { points: 40, level: 3, mood: 'Boyfriend' });
    expect((await command(s, chatId, 'spicy:on')).statusCode).toBe(200);
    let chat = await chatOf(s, chatId);
    // The heat is new (NewSexting); it settles into Excited with the next message.
    expect(chat).toMatchObject({ spicy: true, mood: 'NewSexting' });
    expect((await command(s, chatId, 'spicy:off')).statusCode).toBe(200);
    chat = await chatOf(s, chatId);
    expect(chat).toMatchObject({ spicy: false, mood: 'Boyfriend' });
  });

  it('changes the chat language and says so in the chat', async () => {
    const { s, chatId } = await paidChat();
    expect((await command(s, chatId, 'language:ru')).statusCode).toBe(200);
    const chat = await chatOf(s, chatId);
    expect(chat.language).toBe('ru');
    const event = chat.messages.find((m) => m.eventType === 'language_changed');
    expect(event?.language).toBe('ru');
  });

  it('reload is free and harmless', async () => {
    const { s, chatId } = await paidChat();
    const before = await chatOf(s, chatId);
    const res = await command(s, chatId, 'reload');
    expect(res.json()).toEqual({ updatedTokens: await tokensOf(s) });
    expect(await chatOf(s, chatId)).toEqual(before);
  });
});

describe('reset', () => {
  it('clears history and memory of one chat; she greets again; points stay', async () => {
    const { s, chatId } = await paidChat();
    await inject(s, 'POST', `/api/chat/send/${chatId}`, {
      message: { message: 'I live in Berlin' },
      type: 'text',
    });
    await settled(s, chatId);
    await setChat(chatId, { points: 25, level: 2 });
    expect((await command(s, chatId, 'reset')).statusCode).toBe(200);
    const chat = await chatOf(s, chatId);
    expect(chat.messages).toHaveLength(1);
    expect(chat.messages[0]!.self).toBe(false);
    expect(chat.points).toBe(25);
    const [row] = await db().select().from(chats).where(eq(chats.id, chatId));
    expect(JSON.stringify(row!.memory)).not.toContain('Berlin');
  });

  it('POST /api/chat/reset-all resets every chat but the support one', async () => {
    const a = await paidChat(0);
    const b = await inject(a.s, 'POST', '/api/chat', { botId: botIds[1] });
    const chatB = b.json().data.chat._id as string;
    await inject(a.s, 'POST', `/api/chat/send/${a.chatId}`, {
      message: { message: 'Hi there' },
      type: 'text',
    });
    await settled(a.s, a.chatId);
    const res = await inject(a.s, 'POST', '/api/chat/reset-all');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reset: 2 });
    expect((await chatOf(a.s, a.chatId)).messages).toHaveLength(1);
    expect((await chatOf(a.s, chatB)).messages).toHaveLength(1);
  });
});

describe('likes and read receipts', () => {
  it('toggles a like on her message, refuses own messages, 404 for unknown ones', async () => {
    const { s, chatId } = await paidChat();
    await inject(s, 'POST', `/api/chat/send/${chatId}`, { message: { message: 'Hello' }, type: 'text' });
    const chat = await settled(s, chatId);
    const hers = chat.messages.find((m) => !m.self)!;
    const mine = chat.messages.find((m) => m.self)!;
    const like = await inject(s, 'POST', `/api/chat/${chatId}/like/${hers._id}`);
    expect(like.statusCode).toBe(200);
    expect(like.json().message).toMatchObject({ _id: hers._id, like: true });
    const unlike = await inject(s, 'POST', `/api/chat/${chatId}/like/${hers._id}`);
    expect(unlike.json().message.like).toBe(false);
    expect((await inject(s, 'POST', `/api/chat/${chatId}/like/${mine._id}`)).statusCode).toBe(403);
    expect((await inject(s, 'POST', `/api/chat/${chatId}/like/nope`)).statusCode).toBe(404);
    const other = await paidChat();
    expect((await inject(other.s, 'POST', `/api/chat/${chatId}/like/${hers._id}`)).statusCode).toBe(404);
  });

  it('marks her messages read, so the chat list shows the last message read', async () => {
    const { s, chatId } = await paidChat();
    const unread = async () =>
      (
        (await inject(s, 'GET', '/api/chat')).json().data as Array<{
          _id: string;
          lastMessage: { readed: boolean };
        }>
      ).find((c) => c._id === chatId)!.lastMessage.readed;
    expect(await unread()).toBe(false);
    const res = await inject(s, 'POST', `/api/chat/${chatId}/read`);
    expect(res.json()).toEqual({ updated: 1 });
    expect(await unread()).toBe(true);
    expect((await inject(s, 'POST', `/api/chat/${chatId}/read`)).json()).toEqual({ updated: 0 });
  });
});
