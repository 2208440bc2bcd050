import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, onboardedUser, signUp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /api/user/utm', () => {
  it('keeps the campaign parameters on the user and rejects unknown or oversized fields', async () => {
    const s = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/utm',
      headers: bearer(s),
      payload: {
        utmSource: 'tiktok',
        utmMedium: 'cpc',
        utmCampaign: 'autumn',
        utmTerm: null,
        isExpat: 'true',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      utm_source: 'tiktok',
      utm_medium: 'cpc',
      utm_campaign: 'autumn',
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/utm',
      headers: bearer(s),
      payload: { utmSource: 'x'.repeat(300) },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/user/utm',
      headers: bearer(s),
      payload: { evil: 1 },
    });
    expect(unknown.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/utm', payload: {} })).statusCode).toBe(401);
  });
});

describe('POST /api/user/delete', () => {
  it('needs confirmation, then removes every token through the ledger, deactivates and signs out everywhere', async () => {
    const s = await onboardedUser(t.app);
    const unconfirmed = await t.app.inject({
      method: 'POST',
      url: '/api/user/delete',
      headers: bearer(s),
      payload: {},
    });
    expect(unconfirmed.statusCode).toBe(400);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/delete',
      headers: bearer(s),
      payload: { confirm: true },
    });
    expect(res.statusCode).toBe(200);
    const wallet = await t.app.ctx.services.ledger.entries(s.userId);
    expect(wallet[0]).toMatchObject({ reason: 'account_deleted', delta: -500, balanceAfter: 0 });
    expect(await t.app.ctx.services.ledger.sum(s.userId)).toBe(0);

    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(s) })).statusCode).toBe(
      401,
    );
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: s.cookie },
    });
    expect(refresh.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: s.email, password: 'correct horse battery' },
    });
    expect(signIn.statusCode).toBe(401);
    // The email is free again for a new account.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: s.email, password: 'another good password', termsAccepted: true },
    });
    expect(again.statusCode).toBe(201);
  });
});
