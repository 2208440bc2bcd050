import {
  mysteryOdds,
  drawPrize,
  type AvailableOffersResponse,
  type MysteryPrize,
} from '@amora/shared/conversion.ts';
import { priceWithPromo } from '@amora/shared/promo.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminTestApp,
  eventually,
  onboardedUser,
  signUp,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';
import {
  balance,
  FAST_SANDBOX,
  payWithCard,
  purchase,
  subscribeAndPay,
  waitStatus,
  type Checkout,
} from '../payments/payments-test-kit.ts';
import { createConversionRepository } from './conversion.repository.ts';
import { CONVERSION_DEFAULTS, createConversionService } from './conversion.service.ts';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  ({ t, admin } = await createAdminTestApp(FAST_SANDBOX));
});
afterAll(() => t.close());

const OK_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';

const offers = async (s?: Session) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/offers', headers: s ? bearer(s) : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AvailableOffersResponse>();
};
const seen = (s: Session, offer: string, event: 'shown' | 'dismissed' = 'shown') =>
  t.app.inject({ method: 'POST', url: `/api/offers/${offer}/seen`, headers: bearer(s), payload: { event } });
const amountOf = async (paymentId: string) => (await t.app.ctx.services.payments.find(paymentId))!.amount;
const setConfig = (body: object, who: Session = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/conversion', headers: bearer(who), payload: body });
const ban = (s: Session) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${s.userId}/ban`,
    headers: bearer(admin),
    payload: { reason: 'spam' },
  });

/** Pack M at the default tier 2: $7.99 (settings seed). */
const PACK_M = 799;
const discounted = (percent: number) => Math.round(priceWithPromo(7.99, percent, 'USD') * 100);

describe('what the caller may see', () => {
  it('a guest sees the marketing list, the mystery box with its odds and fortune; no personal offers', async () => {
    const { offers: o, leaveDiscount } = await offers();
    expect(Object.keys(o).sort()).toEqual(['fortune', 'marketing', 'mystery_box']);
    expect(o.marketing?.features).toContain('sexting');
    expect(o.mystery_box?.odds).toEqual(mysteryOdds(CONVERSION_DEFAULTS.mystery_box.prizes));
    expect(o.mystery_box?.odds.reduce((s, x) => s + x.chance, 0)).toBeCloseTo(100, 5);
    expect(o.fortune).toEqual({ comingSoon: true });
    expect(leaveDiscount).toBeNull();
  });

  it('a new user sees the leave offer, the upsell list, the box and fortune; the trial dialog a day later', async () => {
    const s = await signUp(t.app);
    const { offers: o } = await offers(s);
    expect(Object.keys(o).sort()).toEqual(['fortune', 'leave_offer', 'mystery_box', 'upsell']);
    const services = t.app.ctx.services;
    const later = await createConversionService({
      db: t.app.ctx.db,
      repo: createConversionRepository(),
      ledger: services.ledger,
      users: services.users,
      settings: services.settings,
      payments: services.payments,
      subscriptions: services.subscriptions,
    }).available(s.userId, new Date(Date.now() + 24 * 3_600_000 + 1000));
    expect(later.offers.trial_dialog?.planId).toBe('plan-trial');
    expect(o.leave_offer).toEqual({ percent: 20, hours: 24 });
    expect(o.upsell?.features).toEqual([
      'photos_videos',
      'voice_messages',
      'send_photos',
      'more_languages',
      'more_videos',
    ]);
  });

  it('never to a banned user: nothing listed, nothing recorded, no box', async () => {
    const s = await signUp(t.app);
    expect((await ban(s)).statusCode).toBe(200);
    expect(await offers(s)).toEqual({ offers: {}, leaveDiscount: null });
    expect((await seen(s, 'leave_offer')).statusCode).toBe(403);
    const box = await t.app.inject({
      method: 'POST',
      url: '/api/offers/mystery-box/buy',
      headers: bearer(s),
      payload: {},
    });
    expect(box.statusCode).toBe(403);
  });

  it('the trial dialog shows once, and never to a user who subscribed', async () => {
    const now = { ...CONVERSION_DEFAULTS, trial_dialog: { enabled: true, after_hours: 0 } };
    expect((await setConfig(now)).statusCode).toBe(200);
    const s = await signUp(t.app);
    expect((await offers(s)).offers.trial_dialog?.planId).toBe('plan-trial');
    expect((await seen(s, 'trial_dialog')).statusCode).toBe(200);
    expect((await offers(s)).offers.trial_dialog).toBeUndefined();
    expect((await seen(s, 'trial_dialog')).statusCode).toBe(403);

    const subscriber = await signUp(t.app);
    await subscribeAndPay(t, subscriber, 'plan-monthly');
    const o = (await offers(subscriber)).offers;
    expect(o.trial_dialog).toBeUndefined();
    expect(o.upsell).toBeUndefined();
    expect((await setConfig(CONVERSION_DEFAULTS)).statusCode).toBe(200);
  });

  it('the VPN warning when the looked-up country differs from the declared one (not for an expat), once', async () => {
    const s = await onboardedUser(t.app); // declared DE
    expect((await offers(s)).offers.vpn_warning).toBeUndefined(); // no geo yet
    const geo = await t.app.inject({
      method: 'POST',
      url: '/api/user/geo',
      headers: bearer(s),
      payload: {},
      remoteAddress: '8.8.8.8',
    });
    expect(geo.json()).toMatchObject({ geo: { country: 'US' } });
    expect((await offers(s)).offers.vpn_warning).toEqual({ geoCountry: 'US', declaredCountry: 'DE' });
    expect((await seen(s, 'vpn_warning', 'dismissed')).statusCode).toBe(200);
    expect((await offers(s)).offers.vpn_warning).toBeUndefined();

    const expat = await onboardedUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/utm',
      headers: bearer(expat),
      payload: { isExpat: 'true' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/user/geo',
      headers: bearer(expat),
      payload: {},
      remoteAddress: '8.8.8.8',
    });
    expect((await offers(expat)).offers.vpn_warning).toBeUndefined();
  });
});

describe('the leave offer', () => {
  it('is shown once and grants a discount the next checkout takes, once', async () => {
    const s = await signUp(t.app);
    const shown = await seen(s, 'leave_offer');
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ ok: true, leaveDiscount: { percent: 20 } });
    const after = await offers(s);
    expect(after.offers.leave_offer).toBeUndefined();
    expect(after.leaveDiscount?.percent).toBe(20);
    expect((await seen(s, 'leave_offer')).statusCode).toBe(403);

    const first = await purchase(t, s, 'pack-m');
    expect(await amountOf(first.paymentId)).toBe(discounted(20));
    expect((await offers(s)).leaveDiscount).toBeNull();
    const second = await purchase(t, s, 'pack-m');
    expect(await amountOf(second.paymentId)).toBe(PACK_M);
  });

  it('two parallel showings grant one discount; two parallel checkouts take it once', async () => {
    const s = await signUp(t.app);
    const codes = (await Promise.all([seen(s, 'leave_offer'), seen(s, 'leave_offer')])).map(
      (r) => r.statusCode,
    );
    expect(codes.sort()).toEqual([200, 403]);
    const checkouts = await Promise.all([purchase(t, s, 'pack-m'), purchase(t, s, 'pack-m')]);
    const amounts = await Promise.all(checkouts.map((c) => amountOf(c.paymentId)));
    expect(amounts.sort()).toEqual([discounted(20), PACK_M].sort());
  });

  it('is released when the payment fails and honoured by the next one; used up after a success', async () => {
    const s = await signUp(t.app);
    await seen(s, 'leave_offer');
    const declined: Checkout = await purchase(t, s, 'pack-m');
    expect(await amountOf(declined.paymentId)).toBe(discounted(20));
    expect((await payWithCard(t, declined.checkoutUrl, DECLINED_CARD)).statusCode).toBe(303);
    await waitStatus(t, s, declined.paymentId, 'declined');
    expect((await offers(s)).leaveDiscount?.percent).toBe(20);

    const paid = await purchase(t, s, 'pack-m');
    expect(await amountOf(paid.paymentId)).toBe(discounted(20));
    expect((await payWithCard(t, paid.checkoutUrl, OK_CARD)).statusCode).toBe(303);
    await waitStatus(t, s, paid.paymentId, 'success');
    expect((await offers(s)).leaveDiscount).toBeNull();
    expect(await amountOf((await purchase(t, s, 'pack-m')).paymentId)).toBe(PACK_M);
  });

  it('the operator switches it off and tunes the percent', async () => {
    const off = { ...CONVERSION_DEFAULTS, leave_offer: { enabled: false, percent: 20, hours: 24 } };
    expect((await setConfig(off)).statusCode).toBe(200);
    const s = await signUp(t.app);
    expect((await offers(s)).offers.leave_offer).toBeUndefined();
    expect((await seen(s, 'leave_offer')).statusCode).toBe(403);

    const tuned = { ...CONVERSION_DEFAULTS, leave_offer: { enabled: true, percent: 35, hours: 2 } };
    expect((await setConfig(tuned)).json()).toEqual({ settings: tuned });
    expect((await seen(s, 'leave_offer')).json()).toMatchObject({ leaveDiscount: { percent: 35 } });
    expect(await amountOf((await purchase(t, s, 'pack-m')).paymentId)).toBe(discounted(35));

    // Only the operator, and only a valid body.
    expect((await setConfig(tuned, s)).statusCode).toBe(403);
    const bad = await setConfig({ ...tuned, leave_offer: { enabled: true, percent: 100, hours: 2 } });
    expect(bad.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect((await setConfig(CONVERSION_DEFAULTS)).statusCode).toBe(200);
  });
});

describe('the mystery box', () => {
  const buy = (s: Session) =>
    t.app.inject({ method: 'POST', url: '/api/offers/mystery-box/buy', headers: bearer(s), payload: {} });
  const result = async (s: Session, paymentId: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/offers/mystery-box/${paymentId}`, headers: bearer(s) })
    ).json<{ status: string; reward: number | null }>();

  it('is bought through the normal payment flow; the prize is drawn once at fulfilment and credited', async () => {
    const s = await signUp(t.app);
    const res = await buy(s);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json<Checkout>();
    expect(await amountOf(c.paymentId)).toBe(399); // tier 2 price
    expect(await result(s, c.paymentId)).toEqual({ status: 'pending', reward: null });
    expect((await payWithCard(t, c.checkoutUrl, OK_CARD)).statusCode).toBe(303);
    await waitStatus(t, s, c.paymentId, 'success');
    const { reward } = await result(s, c.paymentId);
    const prizes = CONVERSION_DEFAULTS.mystery_box.prizes.map((p) => p.tokens);
    expect(prizes).toContain(reward);
    expect(await balance(t, s.userId)).toBe(500 + reward!);
    // Another user cannot read it.
    const other = await signUp(t.app);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/offers/mystery-box/${c.paymentId}`,
      headers: bearer(other),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('the operator sets the odds; a refund takes the whole prize back', async () => {
    const only: MysteryPrize[] = [{ tokens: 777, weight: 1 }];
    const cfg = { ...CONVERSION_DEFAULTS, mystery_box: { ...CONVERSION_DEFAULTS.mystery_box, prizes: only } };
    expect((await setConfig(cfg)).statusCode).toBe(200);
    try {
      expect((await offers()).offers.mystery_box?.odds).toEqual([{ tokens: 777, chance: 100 }]);
      const s = await signUp(t.app);
      const c = (await buy(s)).json<Checkout>();
      await payWithCard(t, c.checkoutUrl, OK_CARD);
      await waitStatus(t, s, c.paymentId, 'success');
      expect((await result(s, c.paymentId)).reward).toBe(777);
      expect(await balance(t, s.userId)).toBe(500 + 777);

      await t.app.ctx.services.payments.refund(c.paymentId);
      await eventually(async () => (await balance(t, s.userId)) === 500);
      expect((await result(s, c.paymentId)).status).toBe('refunded');
    } finally {
      await setConfig(CONVERSION_DEFAULTS);
    }
  });

  it('switched off, it is neither listed nor sold', async () => {
    const cfg = {
      ...CONVERSION_DEFAULTS,
      mystery_box: { ...CONVERSION_DEFAULTS.mystery_box, enabled: false },
    };
    expect((await setConfig(cfg)).statusCode).toBe(200);
    try {
      const s = await signUp(t.app);
      expect((await offers(s)).offers.mystery_box).toBeUndefined();
      expect((await buy(s)).statusCode).toBe(403);
    } finally {
      await setConfig(CONVERSION_DEFAULTS);
    }
  });

  it('over 10 000 draws each prize comes up within its confidence bounds (seeded RNG)', () => {
    // mulberry32: a small deterministic generator, injected where production uses crypto.randomInt.
    let seed = 0x2f6b1a9d;
    const next = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    const service = createConversionService({
      db: t.app.ctx.db,
      repo: createConversionRepository(),
      ledger: t.app.ctx.services.ledger,
      users: t.app.ctx.services.users,
      settings: t.app.ctx.services.settings,
      payments: t.app.ctx.services.payments,
      subscriptions: t.app.ctx.services.subscriptions,
      randomInt: (max) => Math.floor(next() * max),
    });
    const prizes = CONVERSION_DEFAULTS.mystery_box.prizes;
    const N = 10_000;
    const counts = new Map<number, number>();
    for (let i = 0; i < N; i++) {
      const won = service.drawFrom(prizes);
      counts.set(won, (counts.get(won) ?? 0) + 1);
    }
    const total = prizes.reduce((s, p) => s + p.weight, 0);
    for (const p of prizes) {
      const chance = p.weight / total;
      const mean = N * chance;
      const sd = Math.sqrt(N * chance * (1 - chance));
      const got = counts.get(p.tokens) ?? 0;
      expect(Math.abs(got - mean), `${p.tokens}: ${got} vs ${mean}`).toBeLessThan(4 * sd);
    }
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual(prizes.map((p) => p.tokens));
  });

  it('draws by cumulative weight at the edges', () => {
    const prizes = [
      { tokens: 1, weight: 2 },
      { tokens: 2, weight: 3 },
    ];
    expect([0, 1, 2, 3, 4].map((r) => drawPrize(prizes, () => r).tokens)).toEqual([1, 1, 2, 2, 2]);
  });
});
