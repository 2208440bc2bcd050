import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { countryForIp } from './geo.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** POST /api/user/geo from the connection address `from` (app.inject's remote address). */
const geo = (app: TestApp, token: string, payload: object, from = '127.0.0.1', headers: object = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/api/user/geo',
    headers: { authorization: `Bearer ${token}`, ...headers },
    payload,
    remoteAddress: from,
  });

describe('POST /api/user/geo', () => {
  it("looks the connection's country up offline and sets the tier; prices follow the tier", async () => {
    const s = await signUp(t.app);
    const us = await geo(t, s.token, {}, '8.8.8.8');
    expect(us.json()).toEqual({ geo: { country: 'US', tier: 1 } });
    const buy = await t.app.inject({
      method: 'POST',
      url: '/api/payment/purchase',
      headers: bearer(s),
      payload: { packId: 'pack-m' },
    });
    const p = (await t.app.ctx.services.payments.find(buy.json<{ paymentId: string }>().paymentId))!;
    expect(p.amount).toBe(999); // tier 1 price of pack m

    expect((await geo(t, s.token, {}, '49.44.0.1')).json()).toEqual({ geo: { country: 'IN', tier: 3 } });
    // An expat in a tier 3 country pays the default tier.
    expect((await geo(t, s.token, { isExpat: 'true' }, '49.44.0.1')).json()).toEqual({
      geo: { country: 'IN', tier: 2 },
    });
    // A country on no list, an unknown address and IPv6 fall back to the default tier 2.
    expect((await geo(t, s.token, {}, '5.45.192.1')).json()).toEqual({ geo: { country: 'RU', tier: 2 } });
    expect((await geo(t, s.token, {}, '2001:4860:4860::8888')).json()).toEqual({
      geo: { country: null, tier: 2 },
    });
    expect((await geo(t, s.token, {}, '127.0.0.1')).json()).toEqual({ geo: { country: null, tier: 2 } });
  });

  it('never takes the tier from the ip in the body, whatever the connection address', async () => {
    const s = await signUp(t.app);
    // From a private network (local, or an untrusted proxy) the body used to win: a cheaper country.
    for (const from of ['127.0.0.1', '192.168.1.4', '10.0.0.7', '::1']) {
      expect((await geo(t, s.token, { ip: '49.44.0.1' }, from)).json(), from).toEqual({
        geo: { country: null, tier: 2 },
      });
    }
    expect((await geo(t, s.token, { ip: '49.44.0.1' }, '8.8.8.8')).json()).toEqual({
      geo: { country: 'US', tier: 1 },
    });
    // Without TRUST_PROXY a forwarded-for header is the client's word too.
    expect((await geo(t, s.token, {}, '127.0.0.1', { 'x-forwarded-for': '49.44.0.1' })).json()).toEqual({
      geo: { country: null, tier: 2 },
    });
  });

  it('behind a trusted proxy (TRUST_PROXY) the tier follows the forwarded client address', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const s = await signUp(proxied.app);
      const res = await geo(proxied, s.token, { ip: '8.8.8.8' }, '127.0.0.1', {
        'x-forwarded-for': '49.44.0.1',
      });
      expect(res.json()).toEqual({ geo: { country: 'IN', tier: 3 } });
    } finally {
      await proxied.close();
    }
  });

  it('takes the body ip only with the test-only GEO_TRUST_BODY_IP', async () => {
    const testing = await createTestApp({ GEO_TRUST_BODY_IP: 'true' });
    try {
      const s = await signUp(testing.app);
      expect((await geo(testing, s.token, { ip: '49.44.0.1' }, '8.8.8.8')).json()).toEqual({
        geo: { country: 'IN', tier: 3 },
      });
      expect((await geo(testing, s.token, {}, '8.8.8.8')).json()).toEqual({
        geo: { country: 'US', tier: 1 },
      });
    } finally {
      await testing.close();
    }
    expect(t.config.GEO_TRUST_BODY_IP).toBe(false);
  });

  it('refuses guests and bad bodies', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/user/geo', payload: {} })).statusCode).toBe(401);
    const s = await signUp(t.app);
    expect((await geo(t, s.token, { ip: 'x'.repeat(100) })).json()).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
    });
    expect((await geo(t, s.token, { isExpat: 'maybe' })).statusCode).toBe(400);
  });

  it('maps IPv4 (also IPv4-mapped IPv6) to a country offline', () => {
    expect(countryForIp('::ffff:8.8.8.8')).toBe('US');
    expect(countryForIp('not an ip')).toBeNull();
  });
});
