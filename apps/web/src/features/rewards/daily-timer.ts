/**
 * The daily reward timer (SPEC §7: checked each second, kept in local storage). The server is the
 * only judge: the stored time only shows the countdown until the next answer; the claim itself is
 * always decided by `POST /api/tokenRewards/daily/claim`.
 */
const STORAGE_KEY = 'amora.rewards.nextClaimAt';

type Stored = { userId: string; nextClaimAt: string; offsetMs: number };

/** Remembers when the next claim opens, with the device clock's offset from the server's. */
export function storeNextClaim(
  userId: string,
  nextClaimAt: string,
  serverTime: string,
  deviceNow: number,
): void {
  const value: Stored = { userId, nextClaimAt, offsetMs: Date.parse(serverTime) - deviceNow };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // storage unavailable: the timer lives for this page only
  }
}

export function storedNextClaim(userId: string): { nextClaimAt: number; offsetMs: number } | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const v: unknown = raw ? JSON.parse(raw) : null;
    if (!v || typeof v !== 'object') return null;
    const s = v as Partial<Stored>;
    if (s.userId !== userId || typeof s.nextClaimAt !== 'string') return null;
    const at = Date.parse(s.nextClaimAt);
    if (Number.isNaN(at)) return null;
    return { nextClaimAt: at, offsetMs: typeof s.offsetMs === 'number' ? s.offsetMs : 0 };
  } catch {
    return null;
  }
}

/** Milliseconds left until `nextClaimAt` on the server's clock (0 when open). */
export function remainingMs(nextClaimAt: number, offsetMs: number, deviceNow: number): number {
  return Math.max(0, nextClaimAt - (deviceNow + offsetMs));
}

/** `HH:MM:SS` (hours may pass 24 if the operator ever changes the rules). */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}
