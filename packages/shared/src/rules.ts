/**
 * Pure rules and value lists with no dependency on zod. The web app imports from here on its first
 * load (home), so that zod and the schemas stay in the chunks of the pages that need them
 * (docs/decisions/017-zod-free-rules-and-lazy-dictionaries.md). The zod modules import these and re-export them, so
 * `@amora/shared/chat.ts` and friends keep every export they had.
 */
import { LEVEL_MARKERS, MESSAGE_MAX_LENGTH, POINTS_MAX, type Level } from './constants.ts';
import { hasVisibleText, normalizeUserText, trimUserText } from './text.ts';

// ---- Enum value lists of SPEC §3 (the zod enums in enums.ts are built from these) ----

export const userStatuses = ['New', 'Paid', 'Pending'] as const;
export const userAccesses = ['NEW', 'AVAILABLE', 'CANCELLED', 'NO_REBIL'] as const;
export const roles = ['admin', 'partner', 'user'] as const;
export const sexes = ['male', 'female'] as const;
/** Chat and interface languages of SPEC §3, as ISO codes. */
export const languages = [
  'en',
  'de',
  'fr',
  'es',
  'pt',
  'it',
  'nl',
  'da',
  'no',
  'ro',
  'sv',
  'ru',
  'ja',
] as const;
/** Languages the built-in companion engine writes natively; others fall back to English. */
export const engineLanguages = ['en', 'ru'] as const;
export type EngineLanguage = (typeof engineLanguages)[number];
export function engineLanguageFor(language: string): EngineLanguage {
  return language === 'ru' ? 'ru' : 'en';
}
export const botTypes = ['anime', 'realistic'] as const;
export const botFilters = ['all', 'anime', 'realistic', 'video'] as const;
export type BotFilterValue = (typeof botFilters)[number];
export function isBotFilter(value: unknown): value is BotFilterValue {
  return typeof value === 'string' && (botFilters as readonly string[]).includes(value);
}
export const moods = [
  'Neutral',
  'Cold',
  'Sad',
  'Sick',
  'Break',
  'Gift',
  'Cheater',
  'Crush',
  'Boyfriend',
  'Meaning',
  'Excited',
  'Sexting',
  'NewSexting',
  'ConstCheater',
  'Default',
] as const;
export const chatModes = ['gentle', 'dominant', 'submissive'] as const;
export const typingStates = ['typing', 'photo', 'video', 'voice'] as const;
export const chatStatuses = ['active', 'broken'] as const;

// ---- Errors ----

/** The error body of DESIGN §4: `{ statusCode, code, message }`. */
export type ApiErrorShape = { statusCode: number; code: string; message: string };

export function isApiErrorBody(value: unknown): value is ApiErrorShape {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return Number.isInteger(v.statusCode) && typeof v.code === 'string' && typeof v.message === 'string';
}

// ---- Bots, tokens and settings ----

/** The main photo of a bot: the one whose URL contains "main", else the first. */
export function mainPhoto(bot: { photos: readonly string[] }): string | null {
  return bot.photos.find((p) => p.includes('main')) ?? bot.photos[0] ?? null;
}

/** SPEC §9: token counts use space thousand separators. */
export function formatTokens(n: number): string {
  const sign = n < 0 ? '-' : '';
  return sign + String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** Token costs before settings arrive (the seeded values of SPEC §9; the server's settings win). */
export const DEFAULT_TOKEN_COSTS = {
  tokens_for_model: 10,
  tokens_for_message: 2,
  extra_tokens_for_language: 1,
  tokens_for_get_voice: 5,
  tokens_for_get_photo: 10,
  tokens_for_sent_photo: 5,
  tokens_for_get_video: 200,
};

// ---- Chat messages, levels and the text input (SPEC §5, §9) ----

/**
 * SPEC §5: the shared user-text rule (text.ts: NFC, no bidirectional controls or lone surrogates),
 * trimmed, and the first letter forced to uppercase. A text that shows nothing (only spaces or
 * zero-width characters) is empty.
 */
export function normalizeMessage(text: string): string {
  const trimmed = trimUserText(normalizeUserText(text));
  if (!hasVisibleText(trimmed)) return '';
  const first = trimmed.codePointAt(0)!;
  const firstChar = String.fromCodePoint(first);
  return firstChar.toLocaleUpperCase() + trimmed.slice(firstChar.length);
}

/** Counts user-perceived characters (so an emoji counts once). */
export function messageLength(text: string): number {
  return [...text].length;
}

export type MessageCheck = { ok: true; text: string } | { ok: false; reason: 'EMPTY' | 'TOO_LONG' };

export function checkMessage(raw: string | undefined, hasPhoto = false): MessageCheck {
  const text = normalizeMessage(raw ?? '');
  if (!text && !hasPhoto) return { ok: false, reason: 'EMPTY' };
  if (messageLength(text) > MESSAGE_MAX_LENGTH) return { ok: false, reason: 'TOO_LONG' };
  return { ok: true, text };
}

export function clampPoints(points: number): number {
  return Math.max(0, Math.min(POINTS_MAX, Math.round(points)));
}

/** Where levels 2, 3 and 4 start; the operator may move them (settings `companion.level_markers`). */
export type LevelMarkers = readonly number[];

/** Level 1-4 from relationship points (markers 20, 39, 58 unless the settings say otherwise). */
export function levelForPoints(points: number, markers: LevelMarkers = LEVEL_MARKERS): Level {
  const p = clampPoints(points);
  if (p >= markers[2]!) return 4;
  if (p >= markers[1]!) return 3;
  if (p >= markers[0]!) return 2;
  return 1;
}

/** A stored level as a Level (1-4), whatever the column holds. */
export function asLevel(level: number): Level {
  return Math.max(1, Math.min(4, Math.trunc(level) || 1)) as Level;
}

/** Progress 0..1 inside the current level, for the level bar. */
export function levelProgress(points: number, markers: LevelMarkers = LEVEL_MARKERS): number {
  const p = clampPoints(points);
  const bounds = [0, ...markers, POINTS_MAX];
  const level = levelForPoints(p, markers);
  const lo = bounds[level - 1]!;
  const hi = bounds[level]!;
  return hi === lo ? 1 : Math.min(1, (p - lo) / (hi - lo));
}

/** SPEC §5 textarea: 1 to 6 rows, 36 px plus 24 per extra row. */
export function textareaHeight(rows: number): number {
  const r = Math.max(1, Math.min(6, Math.floor(rows)));
  return 36 + 24 * (r - 1);
}

/** An invite code (`?ref=`): checked by the web app before it keeps one (no zod on the first load). */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{6,16}$/;
