import { beforeEach, describe, expect, it } from 'vitest';
import { formatCountdown, remainingMs, storedNextClaim, storeNextClaim } from './daily-timer.ts';
import { captureReferral, forgetReferral, pendingReferral, referralFromSearch } from './referral.ts';

beforeEach(() => localStorage.clear());

describe('daily reward timer', () => {
  it('formats the time left as HH:MM:SS, rounding up to the second', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(999)).toBe('00:00:01');
    expect(formatCountdown(3_600_000 + 61_000)).toBe('01:01:01');
    expect(formatCountdown(86_400_000)).toBe('24:00:00');
  });

  it('counts on the server clock: a device clock five minutes fast still shows the right time', () => {
    const server = Date.parse('2026-03-10T23:00:00Z');
    const device = server + 5 * 60_000;
    storeNextClaim('u1', '2026-03-11T00:00:00.000Z', new Date(server).toISOString(), device);
    const stored = storedNextClaim('u1')!;
    expect(remainingMs(stored.nextClaimAt, stored.offsetMs, device)).toBe(3_600_000);
    expect(remainingMs(stored.nextClaimAt, stored.offsetMs, device + 4_000_000)).toBe(0);
  });

  it('keeps the timer per user in local storage and ignores junk', () => {
    storeNextClaim('u1', '2026-03-11T00:00:00.000Z', '2026-03-10T23:00:00.000Z', 0);
    expect(storedNextClaim('u2')).toBeNull();
    localStorage.setItem('amora.rewards.nextClaimAt', '{"userId":"u1","nextClaimAt":"never"}');
    expect(storedNextClaim('u1')).toBeNull();
    localStorage.setItem('amora.rewards.nextClaimAt', 'not json');
    expect(storedNextClaim('u1')).toBeNull();
  });
});

describe('invite code in the landing URL', () => {
  it('keeps a valid ?ref= until it is sent, like the UTM values', () => {
    expect(captureReferral('?utm_source=x&ref=abc123XY')).toBe('ABC123XY');
    // A later page without the parameter keeps it.
    expect(captureReferral('?utm_source=y')).toBe('ABC123XY');
    expect(pendingReferral()).toBe('ABC123XY');
    forgetReferral();
    expect(pendingReferral()).toBeNull();
  });

  it('drops hostile values', () => {
    for (const bad of ['?ref=', '?ref=<script>', '?ref=a', `?ref=${'A'.repeat(40)}`, '?ref=AB%00CDEFG'])
      expect(referralFromSearch(bad)).toBeNull();
    localStorage.setItem('amora.ref', '"><img>');
    expect(pendingReferral()).toBeNull();
  });
});
