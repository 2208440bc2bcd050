import { describe, expect, it } from 'vitest';
import { dateFormat, formatTime } from './dates.ts';

describe('dateFormat', () => {
  it('makes one formatter per language and options', () => {
    expect(dateFormat('en', { hour: 'numeric' })).toBe(dateFormat('en', { hour: 'numeric' }));
    expect(dateFormat('en', { hour: 'numeric' })).not.toBe(dateFormat('ru', { hour: 'numeric' }));
    expect(dateFormat('en', { hour: 'numeric' })).not.toBe(dateFormat('en', { minute: '2-digit' }));
  });

  it('formats as a fresh formatter would', () => {
    const iso = '2026-03-04T15:07:00.000Z';
    for (const language of ['en', 'ru'])
      expect(formatTime(iso, language)).toBe(
        new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso)),
      );
  });
});
