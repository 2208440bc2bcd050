import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** Telegram's `initData` older than this is refused (replayed launch links). */
export const INIT_DATA_MAX_AGE_S = 24 * 60 * 60;

const TelegramUser = z.object({
  id: z.number().int().positive(),
  first_name: z.string().max(256).optional(),
  last_name: z.string().max(256).optional(),
  username: z.string().max(64).optional(),
  language_code: z.string().max(16).optional(),
});
export type TelegramUser = z.infer<typeof TelegramUser>;

export type InitDataResult =
  | { ok: true; user: TelegramUser; authDate: number; startParam: string | null }
  | { ok: false; reason: 'malformed' | 'bad_hash' | 'expired' | 'no_user' };

/** HMAC-SHA256(key = "WebAppData", message = bot token): the key Telegram signs initData with. */
function secretKey(botToken: string): Buffer {
  return createHmac('sha256', 'WebAppData').update(botToken).digest();
}

/** The data-check-string: every field except `hash`, sorted by key, `key=value` joined by "\n". */
function dataCheckString(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([key]) => key !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

/** Signs fields the way Telegram does (tests and the local mini-app simulator use it). */
export function signInitData(fields: Record<string, string>, botToken: string): string {
  const params = new URLSearchParams(fields);
  const hash = createHmac('sha256', secretKey(botToken)).update(dataCheckString(params)).digest('hex');
  params.set('hash', hash);
  return params.toString();
}

/**
 * Validates Mini App initData (core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app):
 * the hash compared in constant time, then `auth_date` freshness, then the `user` field.
 */
export function verifyInitData(
  initData: string,
  botToken: string,
  nowS: number = Math.floor(Date.now() / 1000),
  maxAgeS: number = INIT_DATA_MAX_AGE_S,
): InitDataResult {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(initData);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const given = params.get('hash');
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) return { ok: false, reason: 'malformed' };
  const expected = createHmac('sha256', secretKey(botToken)).update(dataCheckString(params)).digest();
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return { ok: false, reason: 'bad_hash' };
  const authDate = Number(params.get('auth_date'));
  if (!Number.isInteger(authDate) || authDate <= 0) return { ok: false, reason: 'malformed' };
  if (nowS - authDate > maxAgeS || authDate - nowS > 60) return { ok: false, reason: 'expired' };
  let user: TelegramUser;
  try {
    const parsed = TelegramUser.safeParse(JSON.parse(params.get('user') ?? 'null'));
    if (!parsed.success) return { ok: false, reason: 'no_user' };
    user = parsed.data;
  } catch {
    return { ok: false, reason: 'no_user' };
  }
  return { ok: true, user, authDate, startParam: params.get('start_param') };
}
