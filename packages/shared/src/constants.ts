/** Business constants of SPEC §9 that are rules of the product, not prices. Prices live in settings. */
export const MESSAGE_MAX_LENGTH = 160;
export const TEXTAREA_MIN_ROWS = 1;
export const TEXTAREA_MAX_ROWS = 6;
export const TEXTAREA_BASE_HEIGHT = 36;
export const TEXTAREA_ROW_HEIGHT = 24;
export const POINTS_MAX = 65;
/** Points at which level 2, 3 and 4 begin. */
export const LEVEL_MARKERS = [20, 39, 58] as const;
export const PHOTO_BUTTON_MIN_POINTS = 40;
export const LOW_BALANCE_TOKENS = 20;
export const NEW_USER_TOKENS = 500;
export const MIN_AGE = 18;
export const MAX_AGE = 120;
export const AGE_GATE_DELAY_MS = 1500;
export const AGE_COOKIE_NAME = 'age_verified';
export const AGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
export const REFRESH_COOKIE_NAME = 'amora_refresh';
export const REFRESH_COOKIE_MAX_AGE_MS = 2_592_000_000;
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const SOCKET_RECONNECT_DELAY_MS = 5000;
export const SOCKET_RECONNECT_AFTER_REFRESH_MS = 100;
export const SUPPORT_REMOTE_ID = 0;
export const CHAT_PAGE_SIZE = 30;
export const NAME_MAX_LENGTH = 40;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;

export const BREAKPOINTS = { desktop: 1200, tab: 860, bigPhone: 768, phone: 524 } as const;
export const DESKTOP_CONTENT_MAX_WIDTH = 1200;

export const LEVEL_TITLES = { 1: 'Stranger', 2: 'Friend', 3: 'Partner', 4: 'Soulmate' } as const;
export type Level = 1 | 2 | 3 | 4;
