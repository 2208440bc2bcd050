import type { KpiDay, KpiResponse } from '@amora/shared/insights.ts';
import { describe, expect, it } from 'vitest';
import { csvField, kpisToCsv, toCsv } from './csv.ts';

const day = (d: string, over: Partial<KpiDay> = {}): KpiDay => ({
  day: d,
  signups: 0,
  activeUsers: 0,
  payingUsers: 0,
  firstPayments: 0,
  messages: 0,
  replies: 0,
  tokensBought: 0,
  tokensGranted: 0,
  tokensSpent: 0,
  subscriptionsStarted: 0,
  subscriptionsRenewed: 0,
  subscriptionsFailed: 0,
  subscriptionsCancelled: 0,
  refunds: 0,
  chargebacks: 0,
  ...over,
});

describe('CSV export of the KPI series', () => {
  it('quotes fields with commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField(-5)).toBe('-5');
    expect(
      toCsv([
        ['a', 1],
        ['b', 2],
      ]),
    ).toBe('a,1\r\nb,2\r\n');
  });

  it('writes a row per day with every figure and a revenue column per provider and currency', () => {
    const k = {
      from: '2026-01-01',
      to: '2026-01-02',
      series: [day('2026-01-01', { signups: 3, messages: 7 }), day('2026-01-02', { signups: 1 })],
      revenue: [
        { day: '2026-01-01', provider: 'sandbox', currency: 'usd', amount: 999, payments: 1 },
        { day: '2026-01-02', provider: 'telegram', currency: 'XTR', amount: 250, payments: 1 },
        { day: '2026-01-02', provider: 'sandbox', currency: 'usd', amount: 1999, payments: 1 },
      ],
    } as unknown as KpiResponse;
    const lines = kpisToCsv(k).trim().split('\r\n');
    expect(lines).toHaveLength(3);
    const header = lines[0]!.split(',');
    expect(header[0]).toBe('day');
    expect(header).toContain('signups');
    expect(header).toContain('chargebacks');
    expect(header.slice(-2)).toEqual(['revenue:sandbox:usd', 'revenue:telegram:XTR']);
    const first = lines[1]!.split(',');
    expect(first[0]).toBe('2026-01-01');
    expect(first[header.indexOf('signups')]).toBe('3');
    expect(first[header.indexOf('messages')]).toBe('7');
    expect(first.slice(-2)).toEqual(['999', '0']);
    expect(lines[2]!.split(',').slice(-2)).toEqual(['1999', '250']);
  });
});
