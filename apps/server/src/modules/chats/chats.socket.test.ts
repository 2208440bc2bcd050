import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, listenLocally, socketClient } from '../../test/socket-client.ts';
import {
  bearer,
  createChat,
  createTestApp,
  eventually,
  onboardedUser,
  type TestApp,
} from '../../test/test-app.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await listenLocally(t.app);
});
afterAll(async () => t.close());

describe('socket authentication', () => {
  it.each([[undefined], ['not-a-jwt']])(
    'refuses a missing or bad token (%s) with connect_error Unauthorized',
    async (token) => {
      const s = socketClient(url, token);
      const err = await new Promise<Error>((resolve) => s.once('connect_error', resolve));
      expect(err.message).toBe('Unauthorized');
      s.close();
    },
  );
});

describe('realtime reply', () => {
  it('delivers typing, then her message, then the unlocked chat state, and the balance, to every device of the user only', async () => {
    const user = await onboardedUser(t.app);
    const other = await onboardedUser(t.app);
    const chat = await createChat(t.app, user);

    const phone = socketClient(url, user.token);
    const laptop = socketClient(url, user.token);
    const stranger = socketClient(url, other.token);
    await Promise.all([connected(phone), connected(laptop), connected(stranger)]);
    const seen: Array<{ event: string; payload: Record<string, unknown> }> = [];
    const strangerSaw: string[] = [];
    phone.onAny((event: string, payload: Record<string, unknown>) => seen.push({ event, payload }));
    const laptopGotMessage = new Promise<boolean>((resolve) => laptop.on('message', () => resolve(true)));
    stranger.onAny((event: string) => strangerSaw.push(event));

    const done = new Promise<void>((resolve) => {
      phone.on('chat', (p: { locked: boolean }) => {
        if (!p.locked) resolve();
      });
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/send/${chat._id}`,
      headers: bearer(user),
      payload: { message: { message: 'hi there' }, type: 'text' },
    });
    expect(res.statusCode).toBe(200);
    await done;

    const events = seen.map((e) => e.event);
    expect(events).toContain('tokens');
    const typingAt = events.indexOf('typing');
    const messageAt = events.indexOf('message');
    const unlockedAt = seen.findIndex((e) => e.event === 'chat' && e.payload.locked === false);
    expect(typingAt).toBeGreaterThanOrEqual(0);
    expect(typingAt).toBeLessThan(messageAt);
    expect(messageAt).toBeLessThan(unlockedAt);
    const msg = seen[messageAt]!.payload as { chatId: string; message: { self: boolean; message: string } };
    expect(msg.chatId).toBe(chat._id);
    expect(msg.message.self).toBe(false);
    expect(msg.message.message.length).toBeGreaterThan(0);
    const tokens = seen.find((e) => e.event === 'tokens')!.payload as { tokens: number };
    expect(tokens.tokens).toBe(res.json().updatedTokens);
    expect(await laptopGotMessage).toBe(true);
    expect(strangerSaw).toEqual([]);
    for (const s of [phone, laptop, stranger]) s.close();
  });
});

describe('read receipts across devices', () => {
  it("reading on one device tells the user's other devices (and only them); the chat state carries the language", async () => {
    const user = await onboardedUser(t.app);
    const other = await onboardedUser(t.app);
    const chat = await createChat(t.app, user, { language: 'ru' });
    const tab = socketClient(url, user.token);
    const stranger = socketClient(url, other.token);
    await Promise.all([connected(tab), connected(stranger)]);
    const reads: Array<{ chatId: string }> = [];
    const states: Array<{ chatId: string; language?: string; locked: boolean }> = [];
    const strangerSaw: string[] = [];
    tab.on('read', (p: { chatId: string }) => reads.push(p));
    tab.on('chat', (p: { chatId: string; language?: string; locked: boolean }) => states.push(p));
    stranger.onAny((event: string) => strangerSaw.push(event));

    // Her greeting is unread; another tab opens the chat and reads it.
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${chat._id}/read`,
      headers: bearer(user),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().updated).toBeGreaterThan(0);
    await eventually(() => Promise.resolve(reads.length === 1 ? true : null));
    expect(reads[0]).toEqual({ chatId: chat._id });
    // Nothing left to read: no second event.
    expect(
      (
        await t.app.inject({ method: 'POST', url: `/api/chat/${chat._id}/read`, headers: bearer(user) })
      ).json().updated,
    ).toBe(0);

    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chat/send/${chat._id}`,
      headers: bearer(user),
      payload: { message: { message: 'Привет' }, type: 'text' },
    });
    expect(sent.statusCode).toBe(200);
    await eventually(() => Promise.resolve(states.some((s) => !s.locked) ? true : null));
    expect(states.every((s) => s.language === 'ru')).toBe(true);
    // Opening the chat (its first page) also reads her reply, and says so.
    await t.app.inject({ method: 'GET', url: `/api/chat/${chat._id}`, headers: bearer(user) });
    await eventually(() => Promise.resolve(reads.length === 2 ? true : null));
    expect(reads).toHaveLength(2);
    expect(strangerSaw).toEqual([]);
    tab.close();
    stranger.close();
  });
});
