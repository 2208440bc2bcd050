import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, listenLocally, socketClient } from '../../test/socket-client.ts';
import {
  bearer,
  createAdminTestApp,
  onboardedUser,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';

let t: TestApp;
let url: string;
let admin: Session;
const sockets: Socket[] = [];

beforeAll(async () => {
  ({ t, admin } = await createAdminTestApp());
  url = await listenLocally(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

async function socketFor(token: string): Promise<Socket> {
  const socket = socketClient(url, token);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

async function firstBotId(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/bots' });
  const bot = res.json<{ data: { _id: string; remote_id: number }[] }>().data.find((b) => b.remote_id !== 0);
  return bot!._id;
}

describe('POST /api/admin/users/:id/ban', () => {
  it('bans a user: the live `banned` event, the user view, and chats and payments refused with 403 BANNED', async () => {
    const user = await onboardedUser(t.app);
    const socket = await socketFor(user.token);
    const live = new Promise<{ reason: string | null }>((resolve) => socket.once('banned', resolve));

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.userId}/ban`,
      headers: bearer(admin),
      payload: { reason: '  Spam in support  ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: { _id: user.userId, banned: { is: true, reason: 'Spam in support' } },
    });
    await expect(live).resolves.toEqual({ reason: 'Spam in support' });

    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(user) });
    expect(me.json().user.banned).toEqual({ is: true, reason: 'Spam in support' });

    const chat = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: bearer(user),
      payload: { botId: await firstBotId() },
    });
    expect(chat.statusCode).toBe(403);
    expect(chat.json()).toMatchObject({ statusCode: 403, code: 'BANNED', message: 'Spam in support' });

    const settings = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json<{
      data: { settings: { purchase: { uuid: string }[]; subscription: { uuid: string }[] } };
    }>().data.settings;
    const purchase = await t.app.inject({
      method: 'POST',
      url: '/api/payment/purchase',
      headers: bearer(user),
      payload: { packId: settings.purchase[0]!.uuid },
    });
    expect(purchase.statusCode).toBe(403);
    expect(purchase.json()).toMatchObject({ code: 'BANNED' });
    const subscribe = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscribe',
      headers: bearer(user),
      payload: { planId: settings.subscription[0]!.uuid },
    });
    expect(subscribe.statusCode).toBe(403);
    expect(subscribe.json()).toMatchObject({ code: 'BANNED' });

    // A banned user can still sign in and refresh, so the app can show the ban modal and the reason.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: 'correct horse battery' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.banned).toEqual({ is: true, reason: 'Spam in support' });
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: user.cookie },
    });
    expect(refresh.statusCode).toBe(200);
  });

  it('unbans: sockets connect again and the user can open a chat again', async () => {
    const user = await onboardedUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.userId}/ban`,
      headers: bearer(admin),
      payload: { reason: 'Abuse' },
    });
    // While banned, no socket (decision 037).
    await expect(socketFor(user.token)).rejects.toThrow('BANNED');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.userId}/unban`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.banned).toEqual({ is: false, reason: null });
    await socketFor(user.token);
    const chat = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: bearer(user),
      payload: { botId: await firstBotId() },
    });
    expect(chat.statusCode).toBe(201);
  });

  it('refuses guests (401), other roles (403), bad bodies (400), unknown users (404) and self-bans (403)', async () => {
    const user = await onboardedUser(t.app);
    const target = `/api/admin/users/${user.userId}/ban`;
    const guest = await t.app.inject({ method: 'POST', url: target, payload: { reason: 'x' } });
    expect(guest.statusCode).toBe(401);
    const other = await onboardedUser(t.app);
    const notAdmin = await t.app.inject({
      method: 'POST',
      url: target,
      headers: bearer(other),
      payload: { reason: 'x' },
    });
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json()).toMatchObject({ code: 'FORBIDDEN' });

    for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'ok', extra: 1 }]) {
      const bad = await t.app.inject({ method: 'POST', url: target, headers: bearer(admin), payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(user) });
    expect(me.json().user.banned.is).toBe(false);

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/nobody-here/ban',
      headers: bearer(admin),
      payload: { reason: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    const self = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${admin.userId}/ban`,
      headers: bearer(admin),
      payload: { reason: 'oops' },
    });
    expect(self.statusCode).toBe(403);
  });
});

describe('GET /api/admin/users', () => {
  type Found = {
    _id: string;
    email: string;
    banned: { is: boolean };
    status: string;
    role: string;
    deleted: boolean;
  };
  const search = async (q: string, who: { token: string } = admin) =>
    t.app.inject({ method: 'GET', url: `/api/admin/users?q=${encodeURIComponent(q)}`, headers: bearer(who) });

  it('finds an account by part of its email (any case) and by its exact id', async () => {
    const user = await onboardedUser(t.app);
    const local = user.email.split('@')[0]!;
    const byEmail = await search(local.slice(2).toUpperCase());
    expect(byEmail.statusCode).toBe(200);
    const found = byEmail.json<{ data: Found[] }>().data;
    expect(found.map((u) => u._id)).toEqual([user.userId]);
    expect(found[0]).toMatchObject({
      email: user.email,
      status: 'New',
      role: 'user',
      deleted: false,
      banned: { is: false, reason: null },
    });
    const byId = (await search(user.userId)).json<{ data: Found[] }>().data;
    expect(byId.map((u) => u.email)).toEqual([user.email]);
  });

  it('shows a ban in the result, and treats % and _ as plain characters', async () => {
    const user = await onboardedUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.userId}/ban`,
      headers: bearer(admin),
      payload: { reason: 'Fraud' },
    });
    const found = (await search(user.email)).json<{ data: Found[] }>().data;
    expect(found).toEqual([
      expect.objectContaining({ _id: user.userId, banned: { is: true, reason: 'Fraud' } }),
    ]);
    expect((await search('%')).json<{ data: Found[] }>().data).toEqual([]);
    expect((await search('nobody-has-this-address')).json<{ data: Found[] }>().data).toEqual([]);
  });

  it('refuses other roles (403) and an empty or missing search (400)', async () => {
    const user = await onboardedUser(t.app);
    const notAdmin = await search('example', user);
    expect(notAdmin.statusCode).toBe(403);
    for (const url of ['/api/admin/users', '/api/admin/users?q=', '/api/admin/users?q=%20%20']) {
      const bad = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });
});

describe('GET /api/admin/registration-tokens and /api/admin/promo-codes', () => {
  it('lists issued registration tokens newest first, without the token itself', async () => {
    const emails = ['first.landing@example.com', 'second.landing@example.com'];
    const issued: { registrationToken: string; userId: string }[] = [];
    for (const email of emails) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/registration-tokens',
        headers: bearer(admin),
        payload: { email, ttlHours: 5 },
      });
      expect(res.statusCode).toBe(201);
      issued.push(res.json());
    }
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/registration-tokens',
      headers: bearer(admin),
    });
    expect(list.statusCode).toBe(200);
    const data = list.json<{
      data: { email: string; userId: string; usedAt: string | null; createdBy: string }[];
    }>().data;
    expect(data.slice(0, 2).map((r) => r.email)).toEqual([...emails].reverse());
    expect(data[0]).toMatchObject({ userId: issued[1]!.userId, usedAt: null, createdBy: admin.userId });
    expect(list.body).not.toContain(issued[0]!.registrationToken);

    await t.app.inject({
      method: 'POST',
      url: '/api/auth/exchange-token',
      payload: { registration_token: issued[0]!.registrationToken },
    });
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/admin/registration-tokens', headers: bearer(admin) })
    ).json<{ data: { email: string; usedAt: string | null }[] }>().data;
    expect(after.find((r) => r.email === emails[0])!.usedAt).toEqual(expect.any(String));
  });

  it('lists promo codes newest first with kind, amount, expiry and uses', async () => {
    const create = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/promo-codes', headers: bearer(admin), payload });
    expect((await create({ code: 'list-bonus', kind: 'bonus_tokens', amount: 40 })).statusCode).toBe(201);
    expect(
      (
        await create({
          code: 'LIST_SALE',
          kind: 'discount_percent',
          amount: 15,
          expiresAt: '2099-01-01T00:00:00.000Z',
          maxUses: 3,
        })
      ).statusCode,
    ).toBe(201);
    const user = await onboardedUser(t.app);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/promocode/apply',
      headers: bearer(user),
      payload: { code: 'list-bonus' },
    });
    expect(applied.statusCode).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: '/api/admin/promo-codes', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: { code: string }[] }>().data;
    expect(data.slice(0, 2)).toEqual([
      expect.objectContaining({
        code: 'LIST_SALE',
        kind: 'discount_percent',
        amount: 15,
        expiresAt: '2099-01-01T00:00:00.000Z',
        maxUses: 3,
        uses: 0,
        active: true,
      }),
      expect.objectContaining({
        code: 'LIST-BONUS',
        kind: 'bonus_tokens',
        amount: 40,
        uses: 1,
        expiresAt: null,
      }),
    ]);
  });

  it('keeps both lists from other roles (403) and guests (401)', async () => {
    const user = await onboardedUser(t.app);
    for (const url of ['/api/admin/registration-tokens', '/api/admin/promo-codes']) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(user) })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
