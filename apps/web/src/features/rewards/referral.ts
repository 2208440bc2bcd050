import { REFERRAL_CODE_PATTERN } from '@amora/shared/rules.ts';

/**
 * The `?ref=` invite code is kept like the UTM values (features/platform/utm.ts): stored when the
 * visitor lands, sent once the user is known (after sign-up), then forgotten.
 */
const STORAGE_KEY = 'amora.ref';

export function referralFromSearch(search: string): string | null {
  const value = new URLSearchParams(search).get('ref')?.trim() ?? '';
  return REFERRAL_CODE_PATTERN.test(value) ? value.toUpperCase() : null;
}

/** Keeps the invite code of this visit (a newer one wins). */
export function captureReferral(search: string): string | null {
  const found = referralFromSearch(search);
  try {
    if (found) localStorage.setItem(STORAGE_KEY, found);
    return found ?? localStorage.getItem(STORAGE_KEY);
  } catch {
    return found;
  }
}

export function pendingReferral(): string | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value && REFERRAL_CODE_PATTERN.test(value) ? value : null;
  } catch {
    return null;
  }
}

/** Sent (or refused for good): nothing more to do with it. */
export function forgetReferral(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
