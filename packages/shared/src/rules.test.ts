import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiErrorBody } from './errors.ts';
import { botFilters, formatTokens, isApiErrorBody, isBotFilter, mainPhoto } from './rules.ts';

const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const importsOf = (file: string) => [...source(file).matchAll(/from '([^']+)'/g)].map((m) => m[1]);

describe('rules.ts stays free of zod (the web first load depends on it)', () => {
  it('imports only constants.ts and text.ts, which import nothing', () => {
    expect(importsOf('./rules.ts')).toEqual(['./constants.ts', './text.ts']);
    expect(importsOf('./constants.ts')).toEqual([]);
    expect(importsOf('./text.ts')).toEqual([]);
  });
});

describe('isApiErrorBody', () => {
  const cases: unknown[] = [
    { statusCode: 402, code: 'INSUFFICIENT_TOKENS', message: 'Not enough tokens' },
    { statusCode: 400, code: 'X', message: '', extra: true },
    { statusCode: 4.5, code: 'X', message: 'm' },
    { statusCode: '400', code: 'X', message: 'm' },
    { statusCode: 400, code: 1, message: 'm' },
    { statusCode: 400, code: 'X' },
    null,
    'error',
    [],
  ];
  it('agrees with the zod schema on every shape', () => {
    for (const value of cases) expect(isApiErrorBody(value)).toBe(ApiErrorBody.safeParse(value).success);
  });
});

describe('pure rules', () => {
  it('knows the bot filters and refuses others', () => {
    for (const f of botFilters) expect(isBotFilter(f)).toBe(true);
    expect(isBotFilter('nsfw')).toBe(false);
    expect(isBotFilter(undefined)).toBe(false);
  });
  it('picks the main photo, else the first, else none', () => {
    expect(mainPhoto({ photos: ['/a.jpg', '/b-main.jpg'] })).toBe('/b-main.jpg');
    expect(mainPhoto({ photos: ['/a.jpg'] })).toBe('/a.jpg');
    expect(mainPhoto({ photos: [] })).toBeNull();
  });
  it('formats tokens with space thousand separators', () => {
    expect(formatTokens(1234567)).toBe('1 234 567');
    expect(formatTokens(-1099)).toBe('-1 099');
  });
});
