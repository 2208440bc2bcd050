import { createHmac } from 'node:crypto';
import type { SharedState } from '../../lib/shared-state.ts';
import { hashToken, randomToken, safeEqual } from '../../lib/tokens.ts';

export type ThrottleOptions = {
  /** Wrong passwords allowed for an account before it slows down. */
  freeAttempts: number;
  /** The first lock; each further failure doubles it. */
  baseLockMs: number;
  /** The longest lock: an attacker can never keep an account shut for more than this per guess. */
  maxLockMs: number;
  /** Failures are forgotten this long after the first one. */
  windowMs: number;
};

/**
 * Per-account sign-in slow-down (decision 037). Wrong passwords for one email, from any address,
 * count together (in Redis across nodes); past `freeAttempts` the account's sign-in locks for an
 * exponentially growing, capped time. A browser that signed in to that account before carries a
 * device cookie and has its own bucket, so an attacker's guesses do not lock the owner out; the
 * owner on a new device can always reset the password, which clears the lock.
 */
export function createSignInThrottle(deps: {
  shared: SharedState;
  secret: string;
  options: ThrottleOptions;
}) {
  const { shared, options } = deps;
  const account = (email: string) => `signin:${hashToken(email.trim().toLowerCase())}`;
  const bucket = (email: string, device: string | null) =>
    device ? `${account(email)}:d:${hashToken(device)}` : account(email);
  const sign = (email: string, nonce: string) =>
    createHmac('sha256', deps.secret)
      .update(`device:${email.trim().toLowerCase()}:${nonce}`)
      .digest('base64url');

  return {
    /** A device cookie for a browser that just proved the password of `email`. */
    deviceCookieFor(email: string): string {
      const nonce = randomToken().slice(0, 22);
      return `${nonce}.${sign(email, nonce)}`;
    },
    /** The device id in a cookie, when the cookie was issued for this email. */
    deviceOf(email: string, cookie: string | undefined): string | null {
      if (!cookie) return null;
      const [nonce, mac] = cookie.split('.');
      if (!nonce || !mac || nonce.length > 64) return null;
      return safeEqual(mac, sign(email, nonce)) ? nonce : null;
    },
    /** Milliseconds until this email may try again from this device (0: now). */
    async retryAfterMs(email: string, device: string | null): Promise<number> {
      return shared.ttl(`${bucket(email, device)}:lock`);
    },
    async failed(email: string, device: string | null): Promise<void> {
      const key = bucket(email, device);
      const n = await shared.incr(`${key}:n`, options.windowMs);
      if (n < options.freeAttempts) return;
      const lock = Math.min(options.baseLockMs * 2 ** (n - options.freeAttempts), options.maxLockMs);
      await shared.set(`${key}:lock`, lock);
    },
    async succeeded(email: string, device: string | null): Promise<void> {
      const key = bucket(email, device);
      await shared.del(`${key}:n`, `${key}:lock`);
    },
    /** A password reset proves the owner: the account's lock goes. */
    async clear(email: string): Promise<void> {
      const key = account(email);
      await shared.del(`${key}:n`, `${key}:lock`);
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
