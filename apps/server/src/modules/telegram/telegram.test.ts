import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { signInitData, verifyInitData } from './init-data.ts';

const BOT_TOKEN = '123456:TEST-bot-token';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TELEGRAM_BOT_TOKEN: BOT_TOKEN });
});
afterAll(async () => t.close());

const launch = (over: Record<string, string> = {}, token = BOT_TOKEN) =>
  signInitData(
    {
      query_id: 'AAH',
      user: JSON.stringify({ id: 777001, first_name: 'Kate', username: 'kate', language_code: 'ru' }),
      auth_date: String(Math.floor(Date.now() / 1000)),
      ...over,
    },
    token,
  );

describe('initData verification', () => {
  it('accepts Telegram-signed data and refuses a changed field, another bot and stale data', () => {
    const good = launch();
    expect(verifyInitData(good, BOT_TOKEN)).toMatchObject({ ok: true, user: { id: 777001 } });
    const tampered = good.replace('Kate', 'Eve');
    expect(verifyInitData(tampered, BOT_TOKEN)).toEqual({ ok: false, reason: 'bad_hash' });
    expect(verifyInitData(launch({}, '999:other'), BOT_TOKEN)).toEqual({ ok: false, reason: 'bad_hash' });
    const old = launch({ auth_date: String(Math.floor(Date.now() / 1000) - 2 * 86400) });
    expect(verifyInitData(old, BOT_TOKEN)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyInitData('user=1', BOT_TOKEN)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('POST /api/auth/twa', () => {
  it('signs in with valid initData, creating the user once and linking later launches to it', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/twa',
      payload: { initData: launch() },
    });
    expect(first.statusCode).toBe(200);
    const token = first.json<{ token: { token: string } }>().token.token;
    const me = (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer({ token }) })).json()
      .user;
    expect(me).toMatchObject({ name: 'Kate', language: 'ru', onboarded: false, tokens: 500 });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/twa',
      payload: { initData: launch() },
    });
    const token2 = again.json<{ token: { token: string } }>().token.token;
    const me2 = (
      await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer({ token: token2 }) })
    ).json().user;
    expect(me2._id).toBe(me._id);
  });

  it('answers 401 for forged or expired initData and 400 for a missing one', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/twa',
      payload: { initData: launch({}, '1:forger') },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/auth/twa',
      payload: { initData: launch({ auth_date: '1000000' }) },
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toMatch(/expired/);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/twa', payload: {} })).statusCode).toBe(400);
  });

  it('answers 503 when no bot token is configured', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/auth/twa',
        payload: { initData: launch() },
      });
      expect(res.statusCode).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
