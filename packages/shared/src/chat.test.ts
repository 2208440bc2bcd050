import { describe, expect, it } from 'vitest';
import {
  asLevel,
  checkMessage,
  levelForPoints,
  levelProgress,
  normalizeMessage,
  textareaHeight,
} from './chat.ts';
import { formatTokens } from './wallet.ts';

describe('message rules', () => {
  it('uppercases the first letter and trims', () => {
    expect(normalizeMessage('  hello there ')).toBe('Hello there');
    expect(normalizeMessage('привет')).toBe('Привет');
    expect(normalizeMessage('')).toBe('');
  });
  it('refuses empty and over-long messages, counting emoji once', () => {
    expect(checkMessage('   ')).toEqual({ ok: false, reason: 'EMPTY' });
    expect(checkMessage('', true)).toEqual({ ok: true, text: '' });
    expect(checkMessage('a'.repeat(160))).toEqual({ ok: true, text: 'A' + 'a'.repeat(159) });
    expect(checkMessage('a'.repeat(161))).toEqual({ ok: false, reason: 'TOO_LONG' });
    expect(checkMessage('😀'.repeat(160)).ok).toBe(true);
  });
});

describe('levels', () => {
  it('maps points to levels at the markers 20, 39 and 58', () => {
    expect([0, 19, 20, 38, 39, 57, 58, 65, 99, -5].map((p) => levelForPoints(p))).toEqual([
      1, 1, 2, 2, 3, 3, 4, 4, 4, 1,
    ]);
  });
  it('follows markers the operator moved', () => {
    expect([9, 10, 29, 30, 50].map((p) => levelForPoints(p, [10, 30, 50]))).toEqual([1, 2, 2, 3, 4]);
    expect(levelProgress(20, [10, 30, 50])).toBe(0.5);
    expect([0, 1, 3, 4, 9].map((l) => asLevel(l))).toEqual([1, 1, 3, 4, 4]);
  });
  it('reports progress inside the level', () => {
    expect(levelProgress(0)).toBe(0);
    expect(levelProgress(10)).toBe(0.5);
    expect(levelProgress(65)).toBe(1);
  });
});

describe('formatting', () => {
  it('uses space thousand separators', () => {
    expect(formatTokens(1599)).toBe('1 599');
    expect(formatTokens(1000000)).toBe('1 000 000');
    expect(formatTokens(-20)).toBe('-20');
  });
  it('sizes the textarea from 1 to 6 rows', () => {
    expect([0, 1, 2, 6, 9].map(textareaHeight)).toEqual([36, 36, 60, 156, 156]);
  });
});
