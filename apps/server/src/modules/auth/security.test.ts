import { Writable } from 'node:stream';
import { SignJWT } from 'jose';
import { pino } from 'pino';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminTestApp,
  createTestApp,
  eventually,
  onboardedUser,
  refreshCookie,
  signUp,
  uniqueEmail,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';
import { connected, listenLocally, socketClient } from '../../test/socket-client.ts';

/** Hostile-probe findings of issue 9 (decisions 036-039), each as a client would see it. */

const PASSWORD = 'correct horse battery';
const sockets: Socket[] = [];
afterAll(() => {
  for (const s of sockets) s.disconnect();
});

function open(url: string, token: string): Socket {
  const s = socketClient(url, token);
  sockets.push(s);
  return s;
}
const disconnectedOf = (s: Socket) => new Promise<string>((resolve) => s.once('disconnect', resolve));

async function resetLinkTokens(t: TestApp, email: string, count: number): Promise<string[]> {
  const mails = await eventually(async () => {
    // Reset emails only (sign-up also sends a verification email, issue 14).
    const rows = (await t.app.ctx.services.mail.outboxFor(email)).filter((m) => m.kind === 'password_reset');
    return rows.length >= count ? rows : null;
  });
  return mails
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((m) => decodeURIComponent(/token=([^\s]+)/.exec(m.body)![1]!));
}

const recover = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/recovery', payload: { email } });

describe('password reset ends everything', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listenLocally(t.app);
  });
  afterAll(() => t.close());

  it('using one reset link kills every other outstanding link, older and newer', async () => {
    const s = await signUp(t.app);
    await recover(t, s.email);
    await recover(t, s.email);
    const [older, newer] = await resetLinkTokens(t, s.email, 2);
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: newer, password: 'brand new password' },
    });
    expect(used.statusCode).toBe(200);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: older, password: 'another good password' },
    });
    expect(stale.statusCode).toBe(400);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: s.email, password: 'another good password' },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('a reset ends every access token and live socket of the account (session version)', async () => {
    const s = await signUp(t.app);
    const socket = open(url, s.token);
    await connected(socket);
    const dropped = disconnectedOf(socket);
    await recover(t, s.email);
    const [token] = await resetLinkTokens(t, s.email, 1);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'brand new password' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    const old = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(s) });
    expect(old.statusCode).toBe(401);
    await expect(connected(open(url, s.token))).rejects.toThrow('Unauthorized');
    // The session the reset started works.
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer({ token: reset.json().accessToken }),
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses a common password or one holding the email at sign-up and reset (400, in the reader’s language)', async () => {
    const email = uniqueEmail('weak');
    for (const password of [
      'password123',
      'qwerty123',
      'iloveyou1',
      `${email}!`,
      `${email.split('@')[0]}99`,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { email, password, termsAccepted: true },
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const ru = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { 'accept-language': 'ru' },
      payload: { email, password: 'password123', termsAccepted: true },
    });
    expect(ru.json().message).toMatch(/пароль/i);
    const s = await signUp(t.app);
    await recover(t, s.email);
    const [token] = await resetLinkTokens(t, s.email, 1);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'password123' },
    });
    expect(weak.statusCode).toBe(400);
    // The refusal did not use the link up.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'brand new password' },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('reset links never reach production logs', () => {
  it('logs the mail but not the link outside development and test', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const t = await createTestApp({ NODE_ENV: 'production' }, { logger: pino({ level: 'info' }, sink) });
    try {
      const s = await signUp(t.app);
      await recover(t, s.email);
      const [token] = await resetLinkTokens(t, s.email, 1);
      await eventually(async () => lines.some((l) => l.includes('mail queued')));
      expect(lines.join('\n')).not.toContain(token!);
      expect(lines.join('\n')).not.toContain(encodeURIComponent(token!));
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('access tokens and refresh', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a correctly signed access token without `exp`', async () => {
    const s = await signUp(t.app);
    const key = new TextEncoder().encode(t.app.ctx.secrets.jwtSecret);
    const forever = await new SignJWT({ sv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(s.userId)
      .setIssuer('amora')
      .setAudience('amora-api')
      .setIssuedAt()
      .sign(key);
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer({ token: forever }) });
    expect(res.statusCode).toBe(401);
  });

  it('racing refreshes of one token within the grace all get the same successor', async () => {
    const s = await signUp(t.app);
    const race = await Promise.all(
      [0, 1, 2].map(() =>
        t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: s.cookie } }),
      ),
    );
    for (const r of race) expect(r.statusCode).toBe(200);
    const successors = new Set(race.map((r) => refreshCookie(r.headers['set-cookie'])));
    expect(successors.size).toBe(1);
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: [...successors][0]! },
    });
    expect(next.statusCode).toBe(200);
  });

  it('a deleted account’s still-valid access token opens nothing, sockets included', async () => {
    const url = await listenLocally(t.app).catch(
      () => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`,
    );
    const s = await onboardedUser(t.app);
    const del = await t.app.inject({
      method: 'POST',
      url: '/api/user/delete',
      headers: bearer(s),
      payload: { confirm: true },
    });
    expect(del.statusCode).toBeLessThan(300);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(s) })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/chat/support', headers: bearer(s) })).statusCode,
    ).toBe(401);
    await expect(connected(open(url, s.token))).rejects.toThrow('Unauthorized');
  });
});

describe('per-account sign-in slow-down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SIGNIN_FREE_ATTEMPTS: '5',
      SIGNIN_LOCK_BASE_MS: '600000',
      TRUST_PROXY: 'true',
    });
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string, ip: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
      payload: { email, password },
    });

  it('wrong passwords from many addresses lock that account’s sign-in, not the owner’s known browser', async () => {
    const s = await signUp(t.app);
    const owner = await signIn(s.email, PASSWORD, '198.51.100.1');
    expect(owner.statusCode).toBe(200);
    const device = [owner.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith('amora_device='))!
      .split(';')[0]!;
    const answers: number[] = [];
    for (let i = 0; i < 10; i++)
      answers.push((await signIn(s.email, `wrong guess ${i}`, `203.0.113.${i}`)).statusCode);
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5)).toEqual([429, 429, 429, 429, 429]);
    const locked = await signIn(s.email, PASSWORD, '203.0.113.99');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The browser the owner signed in with before has its own allowance.
    expect((await signIn(s.email, PASSWORD, '198.51.100.1', device)).statusCode).toBe(200);
    // Another account is not affected.
    const other = await signUp(t.app);
    expect((await signIn(other.email, PASSWORD, '203.0.113.5')).statusCode).toBe(200);
  });

  it('a password reset lifts the lock', async () => {
    const s = await signUp(t.app);
    for (let i = 0; i < 6; i++) await signIn(s.email, `wrong guess ${i}`, `203.0.113.${i}`);
    expect((await signIn(s.email, PASSWORD, '203.0.113.50')).statusCode).toBe(429);
    await recover(t, s.email);
    const [token] = await resetLinkTokens(t, s.email, 1);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'brand new password' },
    });
    expect((await signIn(s.email, 'brand new password', '203.0.113.51')).statusCode).toBe(200);
  });
});

describe('rate limits: keys and free writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_WRITES: '8', AUTH_RATE_LIMIT: '3', TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('behind one trusted proxy, a rotating X-Forwarded-For does not walk around the address limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `1.2.3.${i}, 198.51.100.77` },
        payload: { email: uniqueEmail(), password: 'whatever it is' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
    expect(codes.slice(3)).toEqual([429, 429, 429]);
    // Another client behind the same proxy has its own bucket.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '198.51.100.78' },
      payload: { email: uniqueEmail(), password: 'whatever it is' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('signed-in writes are limited per user, whatever address they come from; 429 RATE_LIMITED with Retry-After', async () => {
    const s = await onboardedUser(t.app);
    const other = await onboardedUser(t.app);
    const update = (who: Session, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/update',
        remoteAddress: `192.0.2.${i}`,
        headers: bearer(who),
        payload: { name: ['Ann', 'Bea', 'Cat', 'Dot', 'Eve', 'Fay', 'Gil', 'Hal', 'Ivy', 'Jo'][i] },
      });
    // onboarding used one; the profile-update share is a quarter of 8.
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await update(s, i)).statusCode);
    expect(codes).toEqual([200, 429, 429, 429]);
    const refused = await update(s, 9);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await update(other, 1)).statusCode).toBe(200);
    // One global mechanism: any signed-in write without its own limit gets RATE_LIMIT_WRITES.
    const support: number[] = [];
    for (let i = 0; i < 10; i++)
      support.push(
        (await t.app.inject({ method: 'POST', url: '/api/chat/support', headers: bearer(s) })).statusCode,
      );
    expect(support.slice(0, 8).every((c) => c === 200)).toBe(true);
    expect(support.slice(8)).toEqual([429, 429]);
  });
});

describe('socket floods', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({
      SOCKET_EVENT_BURST: '20',
      SOCKET_EVENTS_PER_SECOND: '1',
      SOCKETS_PER_USER: '2',
    });
    url = await listenLocally(t.app);
  });
  afterAll(() => t.close());

  it('a client flooding events is disconnected', async () => {
    const s = await signUp(t.app);
    const socket = open(url, s.token);
    await connected(socket);
    const dropped = disconnectedOf(socket);
    for (let i = 0; i < 500; i++) socket.emit('request_lifecheck_ai');
    expect(await dropped).toBe('io server disconnect');
  });

  it('a user keeps at most SOCKETS_PER_USER sockets: the oldest go', async () => {
    const s = await signUp(t.app);
    const first = open(url, s.token);
    await connected(first);
    const firstGone = disconnectedOf(first);
    const second = open(url, s.token);
    await connected(second);
    const third = open(url, s.token);
    await connected(third);
    expect(await firstGone).toBe('io server disconnect');
    expect(second.connected || third.connected).toBe(true);
  });
});

describe('a ban cuts everything but the appeal', () => {
  let t: TestApp;
  let admin: Session;
  let url: string;
  beforeAll(async () => {
    ({ t, admin } = await createAdminTestApp());
    url = await listenLocally(t.app);
  });
  afterAll(() => t.close());

  it('the live socket hears why and drops; new sockets are refused; every write but the appeal is 403 BANNED', async () => {
    const s = await onboardedUser(t.app);
    const chat = await t.app.inject({ method: 'POST', url: '/api/chat/support', headers: bearer(s) });
    const socket = open(url, s.token);
    await connected(socket);
    const heard = new Promise((resolve) => socket.once('banned', resolve));
    const dropped = disconnectedOf(socket);
    const ban = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${s.userId}/ban`,
      headers: bearer(admin),
      payload: { reason: 'Spam' },
    });
    expect(ban.statusCode).toBe(200);
    await expect(heard).resolves.toEqual({ reason: 'Spam' });
    expect(await dropped).toBe('io server disconnect');
    await expect(connected(open(url, s.token))).rejects.toThrow('BANNED');

    // Read-only session: the user (with the reason) loads; sign-in and refresh still work.
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(s) });
    expect(me.json().user.banned).toEqual({ is: true, reason: 'Spam' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: s.email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const writes = [
      { url: `/api/chat/${chat.json().support._id}/feedback`, payload: { rating: 1, text: 'x' } },
      {
        url: '/api/push/subscribe',
        payload: { endpoint: 'https://fcm.googleapis.com/x', keys: { p256dh: 'a', auth: 'b' } },
      },
      { url: '/api/user/update', payload: { name: 'Eve' } },
      { url: '/api/chat/support', payload: undefined },
    ];
    for (const w of writes) {
      const res = await t.app.inject({ method: 'POST', url: w.url, headers: bearer(s), payload: w.payload });
      expect(res.statusCode, w.url).toBe(403);
      expect(res.json().code, w.url).toBe('BANNED');
    }

    // One open appeal at a time, into the operator's support inbox.
    const appeal = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/support/appeal',
        headers: bearer(s),
        payload: { message: 'It was not spam, please look again' },
      });
    expect((await appeal()).statusCode).toBe(201);
    const twice = await appeal();
    expect(twice.statusCode).toBe(409);
    const inbox = await t.app.inject({ method: 'GET', url: '/api/admin/support', headers: bearer(admin) });
    const mine = inbox.json().data.find((c: { user: { _id: string } }) => c.user._id === s.userId);
    expect(mine).toMatchObject({
      awaitingReply: true,
      lastMessage: { message: 'It was not spam, please look again', self: true },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/${mine.chatId}/reply`,
      headers: bearer(admin),
      payload: { message: 'We will look again' },
    });
    expect((await appeal()).statusCode).toBe(201);
  });

  it('an account that is not banned cannot appeal (it has the support chat)', async () => {
    const s = await onboardedUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/appeal',
      headers: bearer(s),
      payload: { message: 'hello' },
    });
    expect(res.statusCode).toBe(403);
  });
});

const multiNode = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
describe.skipIf(!multiNode)('across nodes (PostgreSQL + Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  let urlB: string;
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: process.env.REDIS_URL!, RATE_LIMIT_WRITES: '8' });
    b = await createTestApp({ REDIS_URL: process.env.REDIS_URL!, RATE_LIMIT_WRITES: '8' }, {}, a);
    urlB = await listenLocally(b.app);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a reset on one node ends the session on another: its cached token and its socket', async () => {
    const s = await signUp(a.app);
    // Node B has the session cached and a socket open.
    expect((await b.app.inject({ method: 'GET', url: '/api/user', headers: bearer(s) })).statusCode).toBe(
      200,
    );
    const socket = open(urlB, s.token);
    await connected(socket);
    const dropped = disconnectedOf(socket);
    await recover(a, s.email);
    const [token] = await resetLinkTokens(a, s.email, 1);
    const reset = await a.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'brand new password' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    await eventually(
      async () =>
        (await b.app.inject({ method: 'GET', url: '/api/user', headers: bearer(s) })).statusCode === 401,
    );
  });

  it('write limits and the sign-in slow-down are shared by every node', async () => {
    const s = await onboardedUser(a.app);
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const node = i % 2 ? a : b;
      codes.push(
        (await node.app.inject({ method: 'POST', url: '/api/chat/support', headers: bearer(s) })).statusCode,
      );
    }
    expect(codes.slice(0, 8).every((c) => c === 200)).toBe(true);
    expect(codes.slice(8)).toEqual([429, 429]);
  });
});
