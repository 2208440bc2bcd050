import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { countryForIp, isPublicIpv4 } from './geo.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const geo = (token: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/geo',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });

describe('POST /api/user/geo', () => {
  it('looks the country up offline and sets the tier; prices follow the tier', async () => {
    const s = await signUp(t.app);
    const us = await geo(s.token, { ip: '8.8.8.8' });
    expect(us.json()).toEqual({ geo: { country: 'US', tier: 1 } });
    const buy = await t.app.inject({
      method: 'POST',
      url: '/api/payment/purchase',
      headers: bearer(s),
      payload: { packId: 'pack-m' },
    });
    const p = (await t.app.ctx.services.payments.find(buy.json<{ paymentId: string }>().paymentId))!;
    expect(p.amount).toBe(999); // tier 1 price of pack m

    expect((await geo(s.token, { ip: '49.44.0.1' })).json()).toEqual({ geo: { country: 'IN', tier: 3 } });
    // An expat in a tier 3 country pays the default tier.
    expect((await geo(s.token, { ip: '49.44.0.1', isExpat: 'true' })).json()).toEqual({
      geo: { country: 'IN', tier: 2 },
    });
    // A country on no list, an unknown address and IPv6 fall back to the default tier 2.
    expect((await geo(s.token, { ip: '5.45.192.1' })).json()).toEqual({ geo: { country: 'RU', tier: 2 } });
    expect((await geo(s.token, { ip: '2001:4860:4860::8888' })).json()).toEqual({
      geo: { country: null, tier: 2 },
    });
    expect((await geo(s.token, {})).json()).toEqual({ geo: { country: null, tier: 2 } });
  });

  it('refuses guests and bad bodies', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/user/geo', payload: {} })).statusCode).toBe(401);
    const s = await signUp(t.app);
    expect((await geo(s.token, { ip: 'x'.repeat(100) })).json()).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
    });
    expect((await geo(s.token, { isExpat: 'maybe' })).statusCode).toBe(400);
  });

  it('trusts the connection address over the body unless it is private', () => {
    expect(isPublicIpv4('127.0.0.1')).toBe(false);
    expect(isPublicIpv4('192.168.1.4')).toBe(false);
    expect(isPublicIpv4('::ffff:10.0.0.1')).toBe(false);
    expect(isPublicIpv4('8.8.8.8')).toBe(true);
    expect(countryForIp('::ffff:8.8.8.8')).toBe('US');
    expect(countryForIp('not an ip')).toBeNull();
  });
});
