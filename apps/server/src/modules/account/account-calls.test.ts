import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createChat,
  createTestApp,
  onboardedUser,
  refreshCookie,
  signUp,
  uniqueEmail,
  type TestApp,
} from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/chat/last', () => {
  it('answers the chat with the newest activity, or null without chats', async () => {
    const s = await onboardedUser(t.app);
    const none = await t.app.inject({ method: 'GET', url: '/api/chat/last', headers: bearer(s) });
    expect(none.json()).toEqual({ data: null });
    await createChat(t.app, s, { botIndex: 0 });
    const second = await createChat(t.app, s, { botIndex: 1 });
    const last = await t.app.inject({ method: 'GET', url: '/api/chat/last', headers: bearer(s) });
    expect(last.json().data._id).toBe(second._id);
    expect((await t.app.inject({ method: 'GET', url: '/api/chat/last' })).statusCode).toBe(401);
  });
});

describe('POST /api/user/switch-to-english', () => {
  it('sets the interface and the chat language to English', async () => {
    const s = await signUp(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/language',
      headers: bearer(s),
      payload: { language: 'ru' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/user/language-for-chats',
      headers: bearer(s),
      payload: { language: 'ru' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/switch-to-english',
      headers: bearer(s),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ language: 'en', languageForChats: 'en' });
  });
});

describe('POST /api/user/deactivate', () => {
  it('pauses the account (signed out everywhere, data kept); signing in again reactivates it', async () => {
    const email = uniqueEmail();
    const s = await signUp(t.app, email, 'pause me please 1');
    const chat = await createChat(t.app, s);
    const res = await t.app.inject({ method: 'POST', url: '/api/user/deactivate', headers: bearer(s) });
    expect(res.statusCode).toBe(204);
    expect((await t.app.ctx.services.users.findById(s.userId))?.pausedAt).toBeInstanceOf(Date);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(s) })).statusCode).toBe(
      401,
    );
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: s.cookie },
    });
    expect(refresh.statusCode).toBe(401);

    const back = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: 'pause me please 1' },
    });
    expect(back.statusCode).toBe(200);
    expect((await t.app.ctx.services.users.findById(s.userId))?.pausedAt).toBeNull();
    const again = { token: back.json().accessToken as string };
    // The data is still there.
    const chats = await t.app.inject({ method: 'GET', url: '/api/chat', headers: bearer(again) });
    expect(chats.json().data.map((c: { _id: string }) => c._id)).toContain(chat._id);
    expect(refreshCookie(back.headers['set-cookie'])).toMatch(/^amora_refresh=/);
  });
});

describe('Message.timezone', () => {
  it("keeps the sender's IANA time zone on his message and refuses one that does not exist", async () => {
    const s = await onboardedUser(t.app);
    const chat = await createChat(t.app, s);
    const send = (timezone: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/chat/send/${chat._id}`,
        headers: bearer(s),
        payload: { message: { message: 'Hi there', timezone }, type: 'text' },
      });
    expect((await send('Mars/Olympus_Mons')).statusCode).toBe(400);
    expect((await send('Europe/Berlin; drop')).statusCode).toBe(400);
    const ok = await send('Europe/Berlin');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message.timezone).toBe('Europe/Berlin');
    const history = await t.app.inject({ method: 'GET', url: `/api/chat/${chat._id}`, headers: bearer(s) });
    const mine = history.json().data.messages.find((m: { _id: string }) => m._id === ok.json().message._id);
    expect(mine.timezone).toBe('Europe/Berlin');
  });
});
