import { describe, expect, it } from 'vitest';
import { dateFormat, formatTime } from './dates.ts';
import { uiLanguages } from './i18n.ts';

describe('dateFormat', () => {
  it('makes one formatter per language and options', () => {
    expect(dateFormat('en', { hour: 'numeric' })).toBe(dateFormat('en', { hour: 'numeric' }));
    expect(dateFormat('en', { hour: 'numeric' })).not.toBe(dateFormat('ru', { hour: 'numeric' }));
    expect(dateFormat('en', { hour: 'numeric' })).not.toBe(dateFormat('en', { minute: '2-digit' }));
  });

  it('writes every minute of the day as Intl does, in every interface language and Japanese', () => {
    for (const language of [...uiLanguages, 'ja']) {
      const intl = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' });
      for (let minute = 0; minute < 24 * 60; minute++) {
        const date = new Date(2026, 2, 4, Math.floor(minute / 60), minute % 60);
        expect(formatTime(date.toISOString(), language)).toBe(intl.format(date));
      }
    }
  });

  it('leaves other languages and bad dates to Intl', () => {
    const iso = '2026-03-04T15:07:00.000Z';
    expect(formatTime(iso, 'pl')).toBe(
      new Intl.DateTimeFormat('pl', { hour: 'numeric', minute: '2-digit' }).format(new Date(iso)),
    );
    expect(() => formatTime('not a date', 'en')).toThrow(RangeError);
  });

  it('formats as a fresh formatter would', () => {
    const iso = '2026-03-04T15:07:00.000Z';
    for (const language of ['en', 'ru'])
      expect(formatTime(iso, language)).toBe(
        new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso)),
      );
  });
});
