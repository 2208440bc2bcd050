import { afterEach, describe, expect, it } from 'vitest';
import {
  clearRegistrationFlags,
  markRegistrationArrival,
  markRegistrationPaywallShown,
  registrationPaywallPending,
  registrationRedirect,
} from './registration-flag.ts';

afterEach(() => clearRegistrationFlags());

describe('registration paywall rule (SPEC §4)', () => {
  it('sends a New user who arrived with a registration token to /paywall', () => {
    expect(registrationRedirect({ status: 'New', pathname: '/', pending: true })).toBe('/paywall');
    expect(registrationRedirect({ status: 'new', pathname: '/chat', pending: true })).toBe('/paywall');
  });
  it('not when already on a paywall page, not without the flag, not for Paid users', () => {
    expect(registrationRedirect({ status: 'New', pathname: '/paywall', pending: true })).toBeNull();
    expect(registrationRedirect({ status: 'New', pathname: '/paywall/checkout', pending: true })).toBeNull();
    expect(registrationRedirect({ status: 'New', pathname: '/', pending: false })).toBeNull();
    expect(registrationRedirect({ status: 'Paid', pathname: '/', pending: true })).toBeNull();
  });
  it('only once: the flag moves from pending to shown', () => {
    markRegistrationArrival();
    expect(registrationPaywallPending()).toBe(true);
    markRegistrationPaywallShown();
    expect(registrationPaywallPending()).toBe(false);
  });
});
