/*
 * Media rules with no dependency on zod, for the chat screen's first load (docs/decisions/017, 186).
 * `media.ts` re-exports every name, so its importers keep working.
 */

/** SPEC §5: the client resizes a user's photo to at most 800×600, JPEG quality 0.6. */
export const USER_PHOTO_MAX_WIDTH = 800;
export const USER_PHOTO_MAX_HEIGHT = 600;
export const USER_PHOTO_QUALITY = 0.6;
/** The server refuses a decoded image larger than this (bytes). */
export const USER_PHOTO_MAX_BYTES = 1_000_000;
/** SPEC §5: the photo button shows from this many relationship points. */
export const USER_PHOTO_MIN_POINTS = 40;

/** A pending video older than this shows "taking longer than planned" and may be regenerated. */
export const VIDEO_SLOW_AFTER_MS = 60_000;

/**
 * `eventType` values of her media messages. `level:N` marks a reply in which she declined a feature
 * that opens at level N (the app shows "Available at level N"); `offer:video` invites a video request.
 */
export const mediaEventTypes = [
  'photo',
  'voice',
  'video',
  'video_pending',
  'video_error',
  'offer:video',
] as const;
export type MediaEventType = (typeof mediaEventTypes)[number];
export const levelRequiredEvent = (level: number): string => `level:${level}`;
export function levelRequiredOf(eventType: string | null): number | null {
  const m = eventType ? /^level:([1-4])$/.exec(eventType) : null;
  return m ? Number(m[1]) : null;
}
