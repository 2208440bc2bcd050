import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, signUp, type Session, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  ({ t, admin } = await createAdminTestApp());
});
afterAll(async () => t.close());

const utm = (s: Session, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/user/utm', headers: bearer(s), payload });
const me = async (s: Session) =>
  (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(s) })).json().user as Record<
    string,
    unknown
  >;
const consoleView = async (s: Session) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/admin/users?q=${s.userId}`, headers: bearer(admin) })
  ).json().data[0] as Record<string, unknown>;

describe('traffic sources aray, keitaro, referral (SPEC §3)', () => {
  it('an affiliate platform’s utm_source is the source and the affiliate_platform, first touch wins', async () => {
    const s = await signUp(t.app);
    expect((await utm(s, { utmSource: 'Keitaro', utmCampaign: 'c1' })).statusCode).toBe(200);
    expect(await me(s)).toMatchObject({
      source: 'keitaro',
      affiliate_platform: 'keitaro',
      utm_source: 'Keitaro',
    });
    // A later visit through another platform keeps the first source.
    expect((await utm(s, { utmSource: 'aray' })).statusCode).toBe(200);
    expect(await me(s)).toMatchObject({
      source: 'keitaro',
      affiliate_platform: 'keitaro',
      utm_source: 'aray',
    });
    // The operator sees it in the console.
    expect(await consoleView(s)).toMatchObject({ source: 'keitaro', affiliate_platform: 'keitaro' });
  });

  it('accepts an explicit source from the enum and refuses any other value with 400', async () => {
    const s = await signUp(t.app);
    expect((await utm(s, { source: 'aray' })).statusCode).toBe(200);
    expect(await me(s)).toMatchObject({ source: 'aray', affiliate_platform: 'aray' });
    const bad = await utm(s, { source: 'facebook-ads' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(bad.json().message).toMatch(/aray, keitaro or referral/);
    // Another utm_source is kept as utm_source, not as a source.
    const other = await signUp(t.app);
    await utm(other, { utmSource: 'tiktok' });
    expect(await me(other)).toMatchObject({ source: null, affiliate_platform: null, utm_source: 'tiktok' });
  });

  it('a friend who joins with an invite code is a referral', async () => {
    const inviter = await signUp(t.app);
    const code = (
      await t.app.inject({ method: 'GET', url: '/api/tokenRewards/referral', headers: bearer(inviter) })
    ).json().code as string;
    const friend = await signUp(t.app);
    const join = await t.app.inject({
      method: 'POST',
      url: '/api/tokenRewards/referral',
      headers: bearer(friend),
      payload: { code },
    });
    expect(join.statusCode).toBe(200);
    expect(await me(friend)).toMatchObject({ source: 'referral', affiliate_platform: null });
    expect(await consoleView(friend)).toMatchObject({ source: 'referral' });
  });
});
