import { describe, expect, it } from 'vitest';
import {
  formatPrice,
  planPeriod,
  resolvePrice,
  summarizePack,
  summarizePlan,
  type PriceContext,
} from './payments.ts';
import type { SubscriptionPlan, TokenPack } from './settings.ts';

const pack: TokenPack = {
  uuid: 'pack-m',
  size: 'm',
  currency: 'USD',
  tokens: 550,
  sale: 10,
  price_t_1: 9.99,
  price_t_2: 7.99,
  price_t_3: 4.99,
  old_price_t_1: 10.99,
  old_price_t_2: 8.79,
  old_price_t_3: null,
  price_admin: 1,
  price_tg: 500,
  old_price_tg: 550,
};

describe('resolvePrice (SPEC §6)', () => {
  const table: [string, PriceContext, { price: number; oldPrice: number | null; currency: string }][] = [];
  for (const platform of [null, 'web', 'telegram']) {
    for (const tier of [1, 2, 3, 0, 4, 99]) {
      table.push([
        `admin/${platform}/${tier}`,
        { role: 'admin', platform, tier },
        { price: 1, oldPrice: null, currency: 'USD' },
      ]);
      for (const role of ['user', 'partner'] as const) {
        const expected =
          platform === 'telegram'
            ? { price: 500, oldPrice: 550, currency: 'XTR' }
            : tier === 1
              ? { price: 9.99, oldPrice: 10.99, currency: 'USD' }
              : tier === 3
                ? { price: 4.99, oldPrice: null, currency: 'USD' }
                : { price: 7.99, oldPrice: 8.79, currency: 'USD' }; // tier 2 and every other tier
        table.push([`${role}/${platform}/${tier}`, { role, platform, tier }, expected]);
      }
    }
  }
  it.each(table)('%s', (_name, ctx, expected) => {
    expect(resolvePrice(pack, ctx)).toEqual(expected);
  });

  it('Telegram shows old_price_tg only when both exist, and falls back to the tier without price_tg', () => {
    const ctx: PriceContext = { role: 'user', platform: 'telegram', tier: 1 };
    expect(resolvePrice({ ...pack, old_price_tg: null }, ctx)).toEqual({
      price: 500,
      oldPrice: null,
      currency: 'XTR',
    });
    expect(resolvePrice({ ...pack, price_tg: null }, ctx)).toEqual({
      price: 9.99,
      oldPrice: 10.99,
      currency: 'USD',
    });
  });
});

describe('checkout summary', () => {
  const plan: SubscriptionPlan = {
    ...pack,
    uuid: 'plan-quarterly',
    for: 'quarterly',
    tokens: 1099,
    month: 3,
    days: 90,
    is_trial: false,
    sale: 20,
    text: 'Quarterly',
    unicornId: null,
  };
  it('shows the period as 1 year, N months or N days', () => {
    expect(planPeriod({ month: 12, days: 365 })).toEqual({ unit: 'year', count: 1 });
    expect(planPeriod({ month: 3, days: 90 })).toEqual({ unit: 'months', count: 3 });
    expect(planPeriod({ month: 0, days: 3 })).toEqual({ unit: 'days', count: 3 });
  });
  it('totals the tokens of every month and the profit against the old price', () => {
    const s = summarizePlan(plan, { role: 'user', platform: null, tier: 1 });
    expect(s).toMatchObject({
      totalTokens: 3297,
      period: { unit: 'months', count: 3 },
      profit: 1,
      profitPercent: 9,
    });
    const p = summarizePack(pack, { role: 'user', platform: null, tier: 3 });
    expect(p).toMatchObject({ totalTokens: 550, period: null, profit: 0, profitPercent: 10 });
  });
  it('formats money and stars', () => {
    expect(formatPrice(7.99, 'USD')).toBe('$7.99');
    expect(formatPrice(500, 'XTR')).toBe('500 ⭐');
  });
});
