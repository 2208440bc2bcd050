import { describe, expect, it } from 'vitest';
import { formatCountdown } from './new-user-offer-banner.tsx';

describe('formatCountdown', () => {
  it('shows hours, minutes and seconds, never below zero', () => {
    expect(formatCountdown(24 * 3_600_000)).toBe('24:00:00');
    expect(formatCountdown(3_600_000 + 61_500)).toBe('01:01:01');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });
});
