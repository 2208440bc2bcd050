import { describe, expect, it } from 'vitest';
import { spokenLanguages } from './chat-languages.ts';

describe('spokenLanguages', () => {
  it('the built-in engine: English and Russian, limited', () => {
    expect(spokenLanguages({ languages: ['ru', 'en'] })).toEqual({ languages: ['en', 'ru'], limited: true });
  });
  it('before the AI status answers: the built-in engine languages', () => {
    expect(spokenLanguages(undefined)).toEqual({ languages: ['en', 'ru'], limited: true });
  });
  it('an engine that writes every language: all 13 in SPEC order, not limited', () => {
    const all = ['en', 'de', 'fr', 'es', 'pt', 'it', 'nl', 'da', 'no', 'ro', 'sv', 'ru', 'ja'] as const;
    const r = spokenLanguages({ languages: [...all].reverse() });
    expect(r.languages).toEqual(all);
    expect(r.limited).toBe(false);
  });
});
