import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  refreshCookie,
  signUp,
  uniqueEmail,
  type TestApp,
} from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { refreshReuseGraceMs: 0 });
});
afterAll(async () => t.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('sign-up', () => {
  it('creates a New user with 500 tokens credited through the ledger, and sets an httpOnly refresh cookie', async () => {
    const email = uniqueEmail();
    const res = await post('/api/auth/sign-up', {
      email: `  ${email.toUpperCase()} `,
      password: 'long enough pw',
      termsAccepted: true,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.accessToken).toMatch(/^ey/);
    expect(body.user).toMatchObject({ email, tokens: 500, status: 'New', role: 'user', onboarded: false });
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('amora_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).toMatch(/Path=\/api\/auth/);

    const wallet = await t.app.inject({
      method: 'GET',
      url: '/api/wallet',
      headers: { authorization: `Bearer ${body.accessToken}` },
    });
    expect(wallet.json()).toMatchObject({
      tokens: 500,
      entries: [{ delta: 500, balanceAfter: 500, reason: 'signup_bonus' }],
    });
  });

  it('refuses a taken email with 409 EMAIL_TAKEN', async () => {
    const s = await signUp(t.app);
    const res = await post('/api/auth/sign-up', {
      email: s.email,
      password: 'another password',
      termsAccepted: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ statusCode: 409, code: 'EMAIL_TAKEN' });
  });

  it.each([
    [{ email: 'not-an-email', password: 'long enough pw', termsAccepted: true }, 'email'],
    [{ email: uniqueEmail(), password: 'short', termsAccepted: true }, 'password'],
    [{ email: uniqueEmail(), password: 'long enough pw', termsAccepted: false }, 'terms'],
    [{ email: uniqueEmail(), password: 'long enough pw' }, 'termsAccepted'],
    [{ email: 42, password: 'long enough pw', termsAccepted: true }, 'email'],
    [{ email: uniqueEmail(), password: 'x'.repeat(129), termsAccepted: true }, 'password'],
    [{ email: `${'a'.repeat(250)}@example.com`, password: 'long enough pw', termsAccepted: true }, 'email'],
  ])('refuses bad input %j with VALIDATION_ERROR', async (payload, field) => {
    const res = await post('/api/auth/sign-up', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(res.json().message.toLowerCase()).toContain(field.toLowerCase());
  });

  it('refuses broken JSON and a missing body', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'The body is not valid JSON' });
    const empty = await post('/api/auth/sign-up');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_ERROR');
  });

  it('refuses an oversize body with 413', async () => {
    const res = await post('/api/auth/sign-up', {
      email: uniqueEmail(),
      password: 'x'.repeat(400_000),
      termsAccepted: true,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('sign-in', () => {
  it('signs in with the right password and refuses a wrong one or an unknown email the same way', async () => {
    const s = await signUp(t.app, uniqueEmail(), 'right password');
    const ok = await post('/api/auth/sign-in', { email: s.email, password: 'right password' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user._id).toBe(s.userId);
    refreshCookie(ok.headers['set-cookie']);

    const wrong = await post('/api/auth/sign-in', { email: s.email, password: 'wrong password' });
    const unknown = await post('/api/auth/sign-in', { email: uniqueEmail(), password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });
});

describe('access tokens', () => {
  it('guards private endpoints', async () => {
    for (const headers of [{}, { authorization: 'Bearer nonsense' }, { authorization: 'Basic abc' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('refuses a token signed with another key', async () => {
    const { SignJWT } = await import('jose');
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('someone')
      .setIssuer('amora')
      .setAudience('amora-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const s = await signUp(t.app);
    const { createJwt } = await import('./jwt.ts');
    const expired = await createJwt(t.app.ctx.secrets.jwtSecret).sign(s.userId, -10);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('refresh rotation', () => {
  it('rotates the cookie on every use; reusing an old one revokes the whole family', async () => {
    const s = await signUp(t.app);
    const first = await post('/api/auth/refresh', undefined, { cookie: s.cookie });
    expect(first.statusCode).toBe(200);
    const c2 = refreshCookie(first.headers['set-cookie']);
    expect(c2).not.toBe(s.cookie);
    const token = first.json().accessToken as string;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer({ token }) })).statusCode,
    ).toBe(200);

    const second = await post('/api/auth/refresh', undefined, { cookie: c2 });
    expect(second.statusCode).toBe(200);
    const c3 = refreshCookie(second.headers['set-cookie']);

    // The stolen first cookie is replayed: refused, and the live c3 dies with its family.
    const replay = await post('/api/auth/refresh', undefined, { cookie: s.cookie });
    expect(replay.statusCode).toBe(401);
    const afterTheft = await post('/api/auth/refresh', undefined, { cookie: c3 });
    expect(afterTheft.statusCode).toBe(401);
  });

  it('a family revoked by reuse does not touch the user’s other sessions', async () => {
    const s = await signUp(t.app, uniqueEmail(), 'a good password');
    const other = await post('/api/auth/sign-in', { email: s.email, password: 'a good password' });
    const otherCookie = refreshCookie(other.headers['set-cookie']);
    await post('/api/auth/refresh', undefined, { cookie: s.cookie });
    expect((await post('/api/auth/refresh', undefined, { cookie: s.cookie })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', undefined, { cookie: otherCookie })).statusCode).toBe(200);
  });

  it('answers 401 without a cookie or with garbage; clears only a cookie that was sent', async () => {
    const none = await post('/api/auth/refresh');
    expect(none.statusCode).toBe(401);
    // A guest's refresh must not clear a session cookie a sign-up set while it was in flight.
    expect(none.headers['set-cookie']).toBeUndefined();
    const garbage = await post('/api/auth/refresh', undefined, { cookie: 'amora_refresh=garbage' });
    expect(garbage.statusCode).toBe(401);
    expect(String(garbage.headers['set-cookie'])).toMatch(/amora_refresh=;/);
  });

  it('logout revokes the session', async () => {
    const s = await signUp(t.app);
    const res = await post('/api/auth/logout', undefined, { cookie: s.cookie });
    expect(res.statusCode).toBe(204);
    expect((await post('/api/auth/refresh', undefined, { cookie: s.cookie })).statusCode).toBe(401);
  });
});

describe('refresh grace for racing tabs', () => {
  it('a second refresh with the same cookie within the grace window (racing tabs, a page unloaded mid-refresh) keeps the session alive', async () => {
    const g = await createTestApp({}, { refreshReuseGraceMs: 10_000 });
    try {
      const s = await signUp(g.app);
      const [a, b] = await Promise.all([
        g.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: s.cookie } }),
        g.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: s.cookie } }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const rotated = [a, b]
        .flatMap((r) => [r.headers['set-cookie']].flat())
        .filter((c): c is string => !!c?.startsWith('amora_refresh=') && !c.startsWith('amora_refresh=;'));
      // Each response carries a working cookie: whichever one the browser kept, the session goes on.
      expect(rotated).toHaveLength(2);
      for (const cookie of rotated) {
        const next = await g.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          headers: { cookie: refreshCookie([cookie]) },
        });
        expect(next.statusCode).toBe(200);
      }
    } finally {
      await g.close();
    }
  });
});

describe('recovery', () => {
  // The recovery emails (sign-up also sends a verification email, issue 14).
  const outboxFor = async (email: string) =>
    (await t.app.ctx.services.mail.outboxFor(email)).filter((m) => m.kind === 'password_reset');
  const waitForMail = async (email: string) => {
    for (let i = 0; i < 200; i++) {
      const mails = await outboxFor(email);
      if (mails.length) return mails;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('no mail');
  };

  it('answers 202 the same way for known and unknown emails, and mails a working link only to the known one', async () => {
    const s = await signUp(t.app, uniqueEmail(), 'old password 1');
    const stranger = uniqueEmail();
    const known = await post('/api/auth/recovery', { email: s.email });
    const unknown = await post('/api/auth/recovery', { email: stranger });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);

    const [mail] = await waitForMail(s.email);
    await t.app.ctx.background.drain().catch(() => undefined);
    expect(await outboxFor(stranger)).toHaveLength(0);
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail!.body)![1]!);
    expect(mail!.body).toContain('/auth/recovery?token=');

    const reset = await post('/api/auth/reset-password', { token, password: 'brand new password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user._id).toBe(s.userId);
    // The old sessions are gone, the old password no longer works, the new one does.
    expect((await post('/api/auth/refresh', undefined, { cookie: s.cookie })).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in', { email: s.email, password: 'old password 1' })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/api/auth/sign-in', { email: s.email, password: 'brand new password' })).statusCode,
    ).toBe(200);
    // A link works once.
    const again = await post('/api/auth/reset-password', { token, password: 'another new password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
  });

  it('refuses an expired link', async () => {
    const s = await signUp(t.app);
    const { createAuthRepository } = await import('./auth.repository.ts');
    const { hashToken, newId } = await import('../../lib/tokens.ts');
    await createAuthRepository().insertReset(t.app.ctx.db, {
      id: newId(),
      userId: s.userId,
      tokenHash: hashToken('expired-token-0123456789abcdef'),
      expiresAt: new Date(Date.now() - 1000),
    });
    const res = await post('/api/auth/reset-password', {
      token: 'expired-token-0123456789abcdef',
      password: 'brand new password',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('rate limit', () => {
  it('limits sign-in attempts per IP with 429 RATE_LIMITED', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: 'a@example.com', password: 'whatever1' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().code).toBe('RATE_LIMITED');
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('admin from the environment', () => {
  it('creates the admin from ADMIN_EMAIL/ADMIN_PASSWORD', async () => {
    const a = await createTestApp({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'admin password 1' });
    try {
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: 'boss@example.com', password: 'admin password 1' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.role).toBe('admin');
    } finally {
      await a.close();
    }
  });
});
