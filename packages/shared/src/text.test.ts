import { describe, expect, it } from 'vitest';
import { checkMessage } from './rules.ts';
import { findNul, hasVisibleText, normalizeUserText, trimUserText } from './text.ts';
import { userText } from './text-schema.ts';

describe('normalizeUserText', () => {
  it('composes to NFC', () => {
    const decomposed = 'Zoe\u0301 cafe\u0301';
    expect(normalizeUserText(decomposed)).toBe('Zoé café');
    expect(normalizeUserText(decomposed)).toHaveLength(8);
  });

  it('removes bidirectional controls (overrides, embeddings, isolates, marks)', () => {
    expect(normalizeUserText('abc\u202Eexe.txt')).toBe('abcexe.txt');
    expect(normalizeUserText('\u2066a\u2067b\u2068c\u2069\u202A\u202B\u202C\u202D\u200E\u200F\u061C')).toBe(
      'abc',
    );
  });

  it('removes lone surrogates and keeps pairs (emoji)', () => {
    expect(normalizeUserText('a\uD800b\uDC00c')).toBe('abc');
    expect(normalizeUserText('hi \uD83D\uDE00')).toBe('hi 😀');
    expect(normalizeUserText('\uDE00\uD83D')).toBe('');
  });

  it('removes control characters and noncharacters but keeps tabs, new lines, joiners and variation selectors', () => {
    expect(normalizeUserText('a\u0007b\u001Bc\u0085d\uFFFEe\uFDD0f')).toBe('abcdef');
    expect(normalizeUserText('one\r\ntwo\rthree\tfour')).toBe('one\ntwo\nthree\tfour');
    const family = '👨\u200D👩\u200D👧';
    expect(normalizeUserText(family)).toBe(family);
    expect(normalizeUserText('❤\uFE0F')).toBe('❤\uFE0F');
  });
});

describe('hasVisibleText and trimUserText', () => {
  it('sees nothing in spaces and zero-width characters', () => {
    for (const blank of [
      '',
      '   ',
      '\u200B',
      '\u200B\u200C\u200D\u2060\uFEFF',
      '\u3164\u2800 \u00AD',
      '\uFE0F\n\t',
    ])
      expect(hasVisibleText(blank), JSON.stringify(blank)).toBe(false);
    for (const text of ['a', ' ☺ ', '\u200Bx', '😀', '.']) expect(hasVisibleText(text)).toBe(true);
  });

  it('trims zero-width characters at the ends, not inside', () => {
    expect(trimUserText('\u200B hi\u200Bthere \uFEFF')).toBe('hi\u200Bthere');
    expect(trimUserText(' \u200C\u200D\uFE0F ')).toBe('');
  });

  it('a message that shows nothing is EMPTY (never sent, never charged)', () => {
    expect(checkMessage('\u200B\u200B\u200B')).toEqual({ ok: false, reason: 'EMPTY' });
    expect(checkMessage('\u202E \u2066')).toEqual({ ok: false, reason: 'EMPTY' });
    expect(checkMessage('\u200Bhello\u202E')).toEqual({ ok: true, text: 'Hello' });
  });
});

describe('userText (the zod field)', () => {
  it('normalises and trims before its checks', () => {
    const name = userText().min(1).max(5);
    expect(name.parse(' \u202EZoe\u0301\u200B ')).toBe('Zoé');
    expect(name.safeParse('\u200B\u202E ').success).toBe(false);
  });
});

describe('findNul', () => {
  it('finds a NUL character in strings and keys at any depth, with its path', () => {
    expect(findNul({ a: 'x', b: [1, 'ok'] }, 'body')).toBeNull();
    expect(findNul({ message: { message: 'hi\u0000' } }, 'body')).toBe('body.message.message');
    expect(findNul(['a', ['b', 'c\u0000']], 'body')).toBe('body[1][1]');
    expect(findNul({ 'k\u0000': 1 }, 'body')).toBe('body');
    expect(findNul('\u0000', 'params.id')).toBe('params.id');
    expect(findNul(null, 'query')).toBeNull();
    expect(findNul(Object.assign(Object.create(null) as object, { q: 'a\u0000' }), 'query')).toBe('query.q');
    expect(findNul(new Uint8Array([0, 0]), 'body')).toBeNull();
  });

  it('walks a very deep value without overflowing the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findNul(deep, 'body')).toMatch(/^body(\[0\])+$/);
  });
});
