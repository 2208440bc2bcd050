import { describe, expect, it } from 'vitest';
import { needsSignature, refreshDelay, REFRESH_BEFORE_MS } from './protected-media.ts';

describe('protected media URLs', () => {
  it('signs our plain media URLs only', () => {
    expect(needsSignature('/media/bots/3/lingerie-1.webp')).toBe(true);
    expect(needsSignature('/media/bots/3/lingerie-1.webp?u=a&e=1&s=x')).toBe(false);
    expect(needsSignature('data:image/jpeg;base64,AAAA')).toBe(false);
    expect(needsSignature(null)).toBe(false);
  });

  it('asks for a fresh URL before the old one expires', () => {
    const now = 1_000_000;
    expect(refreshDelay(now + 3_600_000, now)).toBe(3_600_000 - REFRESH_BEFORE_MS);
    expect(refreshDelay(now + 1_000, now)).toBe(10_000);
  });
});
