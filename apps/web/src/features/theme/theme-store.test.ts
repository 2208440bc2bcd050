import { describe, expect, it } from 'vitest';
import { normaliseStoredTheme } from './theme-store.ts';

describe('stored theme', () => {
  it('keeps a known theme and migrates missing or unknown data to default', () => {
    expect(normaliseStoredTheme({ theme: 'halloween' })).toEqual({ theme: 'halloween' });
    expect(normaliseStoredTheme({})).toEqual({ theme: 'default' });
    expect(normaliseStoredTheme(null)).toEqual({ theme: 'default' });
    expect(normaliseStoredTheme({ theme: 'xmas' })).toEqual({ theme: 'default' });
  });
});
