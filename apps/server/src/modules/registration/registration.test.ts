import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminTestApp,
  refreshCookie,
  signUp,
  uniqueEmail,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  ({ t, admin } = await createAdminTestApp());
});
afterAll(() => t.close());

async function issue(email: string, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/registration-tokens',
    headers: bearer(admin),
    payload: { email, ...extra },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ registrationToken: string; userId: string; created: boolean; url: string }>();
}

const exchange = (registration_token: string, ip?: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/exchange-token',
    payload: { registration_token, ...(ip ? { ip } : {}) },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe('registration tokens', () => {
  it('an operator issues a token for a new email; exchanging it signs in a New user with the refresh cookie', async () => {
    const email = uniqueEmail('landing');
    const issued = await issue(email, { source: 'landing-1' });
    expect(issued.created).toBe(true);
    expect(issued.url).toContain(`registration_token=${encodeURIComponent(issued.registrationToken)}`);

    const res = await exchange(issued.registrationToken);
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      success: boolean;
      token: string;
      refreshToken: string;
      user: { _id: string; email: string; status: string; tokens: number };
    }>();
    expect(body.success).toBe(true);
    expect(body.user).toMatchObject({ _id: issued.userId, email, status: 'New', tokens: 500 });
    const cookie = refreshCookie(res.headers['set-cookie']);
    // What the landing page hands on is a one-time login code, never the session's refresh token.
    expect(cookie).not.toContain(body.refreshToken);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer({ token: body.token }),
    });
    expect(me.json<{ user: { email: string } }>().user.email).toBe(email);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } });
    expect(refreshed.statusCode).toBe(200);
  });

  it('is single-use: a second exchange, also a concurrent one, answers 401', async () => {
    const issued = await issue(uniqueEmail('once'));
    const results = await Promise.all([1, 2, 3, 4].map(() => exchange(issued.registrationToken)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401]);
    const again = await exchange(issued.registrationToken);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
  });

  it('links an existing account instead of creating one', async () => {
    const existing = await signUp(t.app);
    const issued = await issue(existing.email);
    expect(issued).toMatchObject({ created: false, userId: existing.userId });
    const res = await exchange(issued.registrationToken);
    expect(res.json<{ user: { _id: string } }>().user._id).toBe(existing.userId);
  });

  it("asked for the geo tier, sets it from the connection's address, not the ip in the body", async () => {
    const issued = await issue(uniqueEmail('geo'));
    const res = await exchange(issued.registrationToken, '49.44.0.1', '8.8.8.8');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: { geo: { country: string | null; tier: number } } }>().user.geo).toEqual({
      country: 'US',
      tier: 1,
    });
  });

  it('refuses an expired token, an unknown one and bad input', async () => {
    const issued = await issue(uniqueEmail('expired'), { ttlHours: 1 });
    const { registrationTokens } = await import('../../db/schema/auth.ts');
    await t.app.ctx.db.update(registrationTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await exchange(issued.registrationToken)).statusCode).toBe(401);
    expect((await exchange('x'.repeat(43))).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/exchange-token',
      payload: { token: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('only operators issue tokens; bad input answers 400', async () => {
    const user = await signUp(t.app);
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/api/admin/registration-tokens',
      headers: bearer(user),
      payload: { email: uniqueEmail() },
    });
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/registration-tokens',
      payload: { email: uniqueEmail() },
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/registration-tokens',
      headers: bearer(admin),
      payload: { email: 'not-an-email', ttlHours: 10_000 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('/set-tokens: the one-time login code from the URL becomes a session, once', async () => {
    const email = uniqueEmail('set');
    const issued = await issue(email);
    const exchanged = await exchange(issued.registrationToken);
    const { refreshToken } = exchanged.json<{ refreshToken: string }>();
    // The page can name the account before switching; naming it uses nothing up.
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-tokens/preview',
      payload: { refreshToken },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().user).toMatchObject({ _id: issued.userId, email });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-tokens',
      payload: { refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ accessToken: string }>().accessToken).toBeTruthy();
    const cookie = refreshCookie(res.headers['set-cookie']);
    expect(cookie).not.toContain(refreshToken);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-tokens',
      payload: { refreshToken },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('VALIDATION_ERROR');
    const bogus = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-tokens',
      payload: { refreshToken: 'y'.repeat(43) },
    });
    expect(bogus.statusCode).toBe(400);
  });

  it('login CSRF: a raw refresh token in /set-tokens is refused (only one-time login codes work)', async () => {
    const attacker = await signUp(t.app);
    const raw = attacker.cookie.split('=')[1]!;
    for (const url of ['/api/auth/set-tokens', '/api/auth/set-tokens/preview']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { refreshToken: raw } });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });
});
