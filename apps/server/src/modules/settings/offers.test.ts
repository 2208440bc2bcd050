import type { Settings } from '@amora/shared/settings.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, onboardedUser, signUp, type TestApp } from '../../test/test-app.ts';
import * as kit from '../payments/payments-test-kit.ts';
import { DEFAULT_PACKS, DEFAULT_PLANS } from './settings.seed.ts';

const ADMIN = { email: 'offers-operator@example.com', password: 'offers operator password 1' };
let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: ADMIN });
  admin = { token: res.json<{ accessToken: string }>().accessToken };
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  // every test starts from the seeded offers
  await t.app.ctx.services.settings.update('purchase', DEFAULT_PACKS);
  await t.app.ctx.services.settings.update('subscription', DEFAULT_PLANS);
});

const put = (section: string, payload: unknown, who: { token: string } = admin, headers = {}) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/settings/${section}`,
    headers: { ...bearer(who), ...headers },
    payload: payload as object,
  });

async function publicSettings(): Promise<Settings> {
  return (await t.app.inject({ method: 'GET', url: '/api/settings' })).json<{
    data: { settings: Settings };
  }>().data.settings;
}

const packs = () => structuredClone(DEFAULT_PACKS);
const plans = () => structuredClone(DEFAULT_PLANS);

describe('admin settings: who may', () => {
  it('refuses guests (401) and users without the admin role (403)', async () => {
    const user = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(401);
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(user) });
    expect(read.statusCode).toBe(403);
    const write = await put('purchase', packs(), user);
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: 'FORBIDDEN', message: 'This needs an operator account' });
  });

  it('reads every section as stored, and the routes are in the OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const { settings, sections } = res.json<{ data: { settings: Settings; sections: string[] } }>().data;
    expect(sections).toEqual(['purchase', 'subscription', 'tokens', 'billing', 'companion', 'gifts']);
    expect(settings.purchase.map((p) => p.uuid)).toEqual(['pack-s', 'pack-m', 'pack-l', 'pack-xl']);
    expect(settings.billing.trial_renews_to).toBe('plan-monthly');
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, object>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/settings',
        '/api/admin/settings/purchase',
        '/api/admin/settings/subscription',
        '/api/admin/settings/tokens',
        '/api/admin/settings/billing',
      ]),
    );
  });
});

describe('admin settings: bad input is refused with the field path and nothing changes', () => {
  const cases: [string, string, (v: ReturnType<typeof packs>) => unknown, RegExp][] = [
    ['a negative price', 'purchase', (v) => ((v[1]!.price_t_2 = -1), v), /^body\.1\.price_t_2: /],
    [
      'three decimals',
      'purchase',
      (v) => ((v[0]!.price_t_1 = 4.999), v),
      /^body\.0\.price_t_1: A price has at most 2 decimals/,
    ],
    [
      'a missing tier price',
      'purchase',
      (v) => v.map((p, i) => (i === 2 ? { ...p, price_t_3: undefined } : p)),
      /^body\.2\.price_t_3: /,
    ],
    ['zero tokens', 'purchase', (v) => ((v[0]!.tokens = 0), v), /^body\.0\.tokens: /],
    ['fractional tokens', 'purchase', (v) => ((v[0]!.tokens = 10.5), v), /^body\.0\.tokens: /],
    ['fractional Stars', 'purchase', (v) => ((v[3]!.price_tg = 12.5), v), /^body\.3\.price_tg: /],
    [
      'an unknown field',
      'purchase',
      (v) => (((v[0] as Record<string, unknown>).colour = 'red'), v),
      /^body\.0: /,
    ],
    [
      'a duplicate uuid',
      'purchase',
      (v) => ((v[2]!.uuid = 'pack-s'), v),
      /^body\.2\.uuid: The uuid "pack-s" is used twice/,
    ],
    ['no packs at all', 'purchase', () => [], /^body: /],
  ];
  it.each(cases)('%s → 400', async (_name, section, mutate, message) => {
    const res = await put(section, mutate(packs()));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(res.json<{ message: string }>().message).toMatch(message);
    expect((await publicSettings()).purchase).toEqual(DEFAULT_PACKS);
  });

  it('refuses plans whose kind and period disagree', async () => {
    const wrongMonths = plans();
    wrongMonths[2]!.month = 2;
    const res = await put('subscription', wrongMonths);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('body.2.month: A quarterly plan lasts 3 month(s)');

    const trialFlag = plans();
    trialFlag[1]!.is_trial = true;
    expect((await put('subscription', trialFlag)).json<{ message: string }>().message).toMatch(
      /^body\.1\.is_trial: /,
    );
  });

  it('refuses billing rules naming a plan that does not exist, in the reader language', async () => {
    const billing = (await publicSettings()).billing;
    const res = await put('billing', { ...billing, trial_renews_to: 'plan-gone' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'body.trial_renews_to: there is no plan "plan-gone" that is not a trial',
    });
    const trial = await put('billing', { ...billing, trial_renews_to: 'plan-trial' });
    expect(trial.statusCode).toBe(400);
    expect((await publicSettings()).billing.trial_renews_to).toBe('plan-monthly');
  });

  it('refuses a pack that takes the uuid of the new-user offer', async () => {
    const v = packs();
    v[0]!.uuid = 'pack-welcome';
    const res = await put('purchase', v);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      'The uuid "pack-welcome" is already used by the new-user offer or a pack',
    );
  });
});

describe('admin settings: changes', () => {
  it('a new price shows in GET /api/settings at once and in the next checkout amount', async () => {
    const user = await onboardedUser(t.app);
    await t.app.ctx.services.settings.get(); // warm the cache: the write must drop it
    const v = packs();
    Object.assign(v[1]!, {
      price_t_1: 8.5,
      price_t_2: 6.25,
      price_t_3: 3.1,
      old_price_t_2: null,
      tokens: 600,
    });
    const res = await put('purchase', v);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { settings: Settings } }>().data.settings.purchase[1]).toMatchObject({
      price_t_2: 6.25,
    });

    const listed = (await publicSettings()).purchase.find((p) => p.uuid === 'pack-m')!;
    expect(listed).toMatchObject({
      price_t_1: 8.5,
      price_t_2: 6.25,
      price_t_3: 3.1,
      old_price_t_2: null,
      tokens: 600,
    });

    const tier = (await t.app.ctx.services.users.getById(user.userId)).geoTier;
    const expected = { 1: 850, 2: 625, 3: 310 }[tier as 1 | 2 | 3] ?? 625;
    const checkout = await kit.purchase(t, user, 'pack-m');
    const status = (await kit.statusResponse(t, user, checkout.paymentId)).json<{
      amount: number;
      tokens: number;
    }>();
    expect(status).toMatchObject({ amount: expected, tokens: 600 });
  });

  it('changes the token costs and adds a plan', async () => {
    const costs = (await publicSettings()).tokens;
    const res = await put('tokens', { ...costs, tokens_for_message: costs.tokens_for_message + 1 });
    expect(res.statusCode).toBe(200);
    expect((await publicSettings()).tokens.tokens_for_message).toBe(costs.tokens_for_message + 1);
    await put('tokens', costs);

    const more = [...plans(), { ...plans()[1]!, uuid: 'plan-monthly-b', text: 'Monthly B' }];
    expect((await put('subscription', more)).statusCode).toBe(200);
    expect((await publicSettings()).subscription.map((p) => p.uuid)).toContain('plan-monthly-b');
  });

  it('keeps a plan that a live subscription uses (409), and the plan trials renew into', async () => {
    const user = await onboardedUser(t.app);
    const started = await kit.subscribe(t, user, 'plan-quarterly');
    expect(started.statusCode, started.body).toBe(200);

    const withoutQuarterly = plans().filter((p) => p.uuid !== 'plan-quarterly');
    const res = await put('subscription', withoutQuarterly);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'The plan "plan-quarterly" is used by 1 live subscription(s): keep it (you may change its prices)',
    });
    const language = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/language',
        headers: bearer(admin),
        payload: { language },
      });
    expect((await language('ru')).statusCode).toBe(200);
    const ru = await put('subscription', withoutQuarterly);
    await language('en');
    expect(ru.statusCode).toBe(409);
    expect(ru.json<{ message: string }>().message).toMatch(/^Тариф «plan-quarterly» используют/);
    expect((await publicSettings()).subscription.map((p) => p.uuid)).toContain('plan-quarterly');

    // its prices may change
    const cheaper = plans();
    cheaper[2]!.price_t_2 = 20;
    expect((await put('subscription', cheaper)).statusCode).toBe(200);

    const withoutMonthly = plans().filter((p) => p.uuid !== 'plan-monthly');
    const monthly = await put('subscription', withoutMonthly);
    expect(monthly.statusCode).toBe(409);
    expect(monthly.json<{ message: string }>().message).toMatch(
      /^The plan "plan-monthly" is the one trials renew into/,
    );

    // a plan nobody uses can go
    const withoutYear = plans().filter((p) => p.uuid !== 'plan-year');
    expect((await put('subscription', withoutYear)).statusCode).toBe(200);
  });
});
