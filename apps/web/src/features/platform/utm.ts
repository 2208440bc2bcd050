import type { UtmBody } from '@amora/shared/platform.ts';

/** The campaign query parameters of SPEC §2 and the fields they fill in `POST /api/user/utm`. */
const PARAMS = {
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_term: 'utmTerm',
  utm_content: 'utmContent',
  utm_retarget: 'utmRetarget',
  price_difference: 'priceDiff',
  expat: 'isExpat',
} as const satisfies Record<string, keyof UtmBody>;

const STORAGE_KEY = 'amora.utm';
const SENT_KEY = 'amora.utm.sent';
const MAX_LENGTH = 200;

function read(): UtmBody {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

/** Parameters of a landing URL; an `expat` other than "true"/"false" is dropped (SPEC §3). */
export function utmFromSearch(search: string): UtmBody {
  const params = new URLSearchParams(search);
  const out: Record<string, string> = {};
  for (const [param, field] of Object.entries(PARAMS)) {
    const value = params.get(param)?.trim();
    if (!value) continue;
    if (field === 'isExpat' && value !== 'true' && value !== 'false') continue;
    out[field] = value.slice(0, MAX_LENGTH);
  }
  return out;
}

/** Keeps the parameters of this visit (newer values win) until the user is known. */
export function captureUtm(search: string): UtmBody {
  const found = utmFromSearch(search);
  if (Object.keys(found).length === 0) return read();
  const merged = { ...read(), ...found };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(merged));
    localStorage.removeItem(SENT_KEY);
  } catch {
    // storage unavailable: the parameters live for this page only
  }
  return merged;
}

/** The stored parameters still to be sent for this user, or null when there is nothing new. */
export function pendingUtm(userId: string): UtmBody | null {
  const value = read();
  if (Object.keys(value).length === 0) return null;
  try {
    if (localStorage.getItem(SENT_KEY) === userId) return null;
  } catch {
    return null;
  }
  return value;
}

export function markUtmSent(userId: string): void {
  try {
    localStorage.setItem(SENT_KEY, userId);
  } catch {
    // nothing to remember with
  }
}
