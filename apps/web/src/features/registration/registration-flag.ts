/**
 * SPEC §4: a user who arrived with a registration token and still has status New is sent to
 * /paywall once. The flag lives in this browser (like the original's auth store): `pending` after
 * the arrival, `shown` once the paywall has been opened, removed when the user is Paid.
 */
const KEY = 'amora.registration';

type Flag = 'pending' | 'shown';

function read(): Flag | null {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'pending' || v === 'shown' ? v : null;
  } catch {
    return null;
  }
}

function write(v: Flag | null): void {
  try {
    if (v) localStorage.setItem(KEY, v);
    else localStorage.removeItem(KEY);
  } catch {
    // storage unavailable (private mode): the redirect just does not happen
  }
}

export const markRegistrationArrival = (): void => write('pending');
export const registrationPaywallPending = (): boolean => read() === 'pending';
export const markRegistrationPaywallShown = (): void => write('shown');
export const clearRegistrationFlags = (): void => write(null);
export const hasRegistrationFlag = (): boolean => read() !== null;

/** Where the user should be sent now, or null (pure: the rule of SPEC §4). */
export function registrationRedirect(input: {
  status: string | undefined;
  pathname: string;
  pending: boolean;
}): '/paywall' | null {
  if (!input.pending) return null;
  if (input.status !== 'New' && input.status !== 'new') return null;
  if (input.pathname === '/paywall' || input.pathname.startsWith('/paywall/')) return null;
  if (input.pathname === '/set-tokens') return null;
  return '/paywall';
}
