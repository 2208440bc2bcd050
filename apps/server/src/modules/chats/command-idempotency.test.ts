import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/*
 * A command's requestId is an idempotency key scoped to that command on that chat
 * (docs/decisions/030-idempotency-keys.md): a replay returns the first answer and never runs the
 * effect again; the same id on another chat or for another command is another key.
 */

let t: TestApp;
let botIds: string[];
beforeAll(async () => {
  t = await createTestApp();
  botIds = ((await t.app.inject({ method: 'GET', url: '/api/bots' })).json().data as { _id: string }[]).map(
    (b) => b._id,
  );
});
afterAll(async () => t.close());

type Msg = { _id: string; self: boolean; eventType: string | null; photo: string | null };
type ChatData = { _id: string; messages: Msg[]; locked: boolean; points: number; level: number };
type Entry = { delta: number; reason: string };

const inject = (s: Session, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(s), ...(payload ? { payload } : {}) });
const command = (s: Session, chatId: string, cmd: string, requestId: string) =>
  inject(s, 'POST', `/api/chat/command/${chatId}`, { command: cmd, requestId });
const chatOf = async (s: Session, chatId: string) =>
  (await inject(s, 'GET', `/api/chat/${chatId}`)).json().data as ChatData;
const tokensOf = async (s: Session) => (await inject(s, 'GET', '/api/user')).json().user.tokens as number;
const entries = async (s: Session) => (await inject(s, 'GET', '/api/wallet')).json().entries as Entry[];
const settled = (s: Session, chatId: string) =>
  eventually(async () => {
    const c = await chatOf(s, chatId);
    return !c.locked && c.messages.at(-1)?.self === false ? c : null;
  });
const giftsIn = (c: ChatData) => c.messages.filter((m) => m.self && m.eventType === 'gift').length;
const photosIn = (c: ChatData) => c.messages.filter((m) => !m.self && m.eventType === 'photo').length;

/** A paid user (commands other than reload need a purchase) with plenty of tokens. */
async function paidUser(tokens = 5000): Promise<Session> {
  const s = await onboardedUser(t.app);
  await t.app.ctx.db.update(users).set({ status: 'Paid' }).where(eq(users.id, s.userId));
  await t.app.ctx.services.ledger.apply({
    userId: s.userId,
    delta: tokens,
    reason: 'admin',
    idempotencyKey: `test-credit:${s.userId}`,
  });
  return s;
}
async function openChat(s: Session, botIndex = 0, points?: number): Promise<string> {
  const res = await inject(s, 'POST', '/api/chat', { botId: botIds[botIndex]! });
  expect(res.statusCode, res.body).toBe(201);
  const chatId = res.json().data.chat._id as string;
  if (points !== undefined) {
    const level = points >= 58 ? 4 : points >= 39 ? 3 : points >= 20 ? 2 : 1;
    await t.app.ctx.db.update(chats).set({ points, level }).where(eq(chats.id, chatId));
  }
  return chatId;
}

describe('POST /api/chat/command/:id with a requestId', () => {
  it('replayed in sequence: the gift runs and is charged once, every replay gets the first answer', async () => {
    const s = await paidUser();
    const chatId = await openChat(s);
    const before = await tokensOf(s);
    const first = await command(s, chatId, 'gift:jewelry', 'same-id-sequential');
    expect(first.statusCode, first.body).toBe(200);
    const afterOne = await settled(s, chatId);
    for (let i = 0; i < 5; i++) {
      const again = await command(s, chatId, 'gift:jewelry', 'same-id-sequential');
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(first.json());
      await settled(s, chatId);
    }
    const chat = await chatOf(s, chatId);
    expect(giftsIn(chat)).toBe(1);
    expect(chat.points).toBe(afterOne.points);
    expect(chat.level).toBe(afterOne.level);
    expect(chat.messages.length).toBe(afterOne.messages.length);
    const price = before - (first.json().updatedTokens as number);
    expect(price).toBeGreaterThan(0);
    expect(await tokensOf(s)).toBe(before - price);
    expect((await entries(s)).filter((e) => e.reason === 'gift')).toHaveLength(1);
  });

  it('four request:photo with one id deliver one photo for one charge', async () => {
    const s = await paidUser();
    const chatId = await openChat(s, 0, 30);
    const before = await tokensOf(s);
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const res = await command(s, chatId, 'request:photo', 'photo-once-1234');
      expect(res.statusCode, res.body).toBe(200);
      answers.push(res.json());
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(photosIn(await chatOf(s, chatId))).toBe(1);
    const cost = (await t.app.ctx.services.settings.costs()).tokens_for_get_photo;
    expect(await tokensOf(s)).toBe(before - cost);
    expect((await entries(s)).filter((e) => e.reason === 'photo')).toHaveLength(1);
  });

  it('replayed in parallel: one run and one charge, the others get the answer or 409, never a 500', async () => {
    const s = await paidUser();
    const chatId = await openChat(s, 0, 30);
    const before = await tokensOf(s);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => command(s, chatId, 'request:photo', 'photo-parallel-1')),
    );
    const codes = results.map((r) => r.statusCode);
    for (const r of results) expect([200, 409], r.body).toContain(r.statusCode);
    expect(codes).toContain(200);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('CONFLICT');
    const ok = results.filter((r) => r.statusCode === 200).map((r) => JSON.stringify(r.json()));
    expect(new Set(ok).size).toBe(1);
    // Once the first run is over, a replay gets its answer.
    const later = await command(s, chatId, 'request:photo', 'photo-parallel-1');
    expect(later.statusCode).toBe(200);
    expect(JSON.stringify(later.json())).toBe(ok[0]);
    expect(photosIn(await chatOf(s, chatId))).toBe(1);
    const cost = (await t.app.ctx.services.settings.costs()).tokens_for_get_photo;
    expect(await tokensOf(s)).toBe(before - cost);
    expect((await entries(s)).filter((e) => e.reason === 'photo')).toHaveLength(1);
  });

  it('the same id on 12 chats at once is 12 keys: 12 gifts, 12 charges, no 500', async () => {
    const s = await paidUser();
    const chatIds: string[] = [];
    for (let i = 0; i < 12; i++) chatIds.push(await openChat(s, i));
    const before = await tokensOf(s);
    const results = await Promise.all(
      chatIds.map((id) => command(s, id, 'gift:chocolate', 'one-id-everywhere')),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    for (const id of chatIds) expect(giftsIn(await settled(s, id))).toBe(1);
    const gifts = (await entries(s)).filter((e) => e.reason === 'gift');
    expect(gifts).toHaveLength(12);
    const price = -gifts[0]!.delta;
    expect(await tokensOf(s)).toBe(before - 12 * price);
  });

  it('the same id for another command on the same chat is another key; each replays its own answer', async () => {
    const s = await paidUser();
    const chatId = await openChat(s, 0, 30);
    const before = await tokensOf(s);
    const gift = await command(s, chatId, 'gift:chocolate', 'shared-id-5678');
    expect(gift.statusCode, gift.body).toBe(200);
    await settled(s, chatId);
    const photo = await command(s, chatId, 'request:photo', 'shared-id-5678');
    expect(photo.statusCode, photo.body).toBe(200);
    const giftPrice = before - (gift.json().updatedTokens as number);
    const photoPrice = (await t.app.ctx.services.settings.costs()).tokens_for_get_photo;
    expect(giftPrice).toBeGreaterThan(0);
    expect(photo.json().updatedTokens).toBe(before - giftPrice - photoPrice);

    const replayGift = await command(s, chatId, 'gift:chocolate', 'shared-id-5678');
    expect(replayGift.json()).toEqual(gift.json());
    const replayPhoto = await command(s, chatId, 'request:photo', 'shared-id-5678');
    expect(replayPhoto.json()).toEqual(photo.json());
    const chat = await chatOf(s, chatId);
    expect(giftsIn(chat)).toBe(1);
    expect(photosIn(chat)).toBe(1);
    expect(await tokensOf(s)).toBe(before - giftPrice - photoPrice);
    const list = await entries(s);
    expect(list.filter((e) => e.reason === 'gift')).toHaveLength(1);
    expect(list.filter((e) => e.reason === 'photo')).toHaveLength(1);
  });
});
