import { z } from 'zod';
import { Message } from './chat.ts';

export * from './media-rules.ts';

export const RevealParams = z.object({
  id: z.string().min(1).max(64),
  messageId: z.string().min(1).max(64),
});
export const RevealResponse = z.object({ updatedTokens: z.number().int(), message: Message });

export const GenerateVideoBody = z.object({ chatId: z.string().min(1).max(64) }).strict();
export const RegenerateVideoBody = z.object({ messageId: z.string().min(1).max(64) }).strict();
export const VideoJobStatus = z.enum(['pending', 'slow', 'done', 'error']);
export type VideoJobStatus = z.infer<typeof VideoJobStatus>;
export const VideoJob = z
  .object({
    _id: z.string(),
    chatId: z.string(),
    messageId: z.string(),
    status: VideoJobStatus,
    cost: z.number().int(),
    attempts: z.number().int(),
  })
  .meta({ id: 'VideoJob' });
export type VideoJob = z.infer<typeof VideoJob>;
export const VideoJobResponse = z.object({
  updatedTokens: z.number().int(),
  job: VideoJob,
  message: Message,
});

/** The socket event of SPEC §7 "set voice mode (chatId, boolean)". */
export const SetVoiceModePayload = z
  .object({ chatId: z.string().min(1).max(64), voiceMode: z.boolean() })
  .strict();
export type SetVoiceModePayload = z.infer<typeof SetVoiceModePayload>;

/** A data URL of a JPEG, PNG or WebP image; its bytes are checked by the server. */
export const IMAGE_DATA_URL = /^data:image\/(jpeg|jpg|png|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

/** POST /api/media/sign: canonical `/media/…` URLs to open (decision 040). */
export const SignMediaBody = z.object({ urls: z.array(z.string().min(1).max(500)).min(1).max(100) }).strict();
export type SignMediaBody = z.infer<typeof SignMediaBody>;
/** Each URL signed for the caller (valid until `expiresAt`, at most an hour), or null when not his to see. */
export const SignMediaResponse = z.object({
  data: z.object({ urls: z.record(z.string(), z.string().nullable()), expiresAt: z.string() }),
});
export type SignMediaResponse = z.infer<typeof SignMediaResponse>;
/** The query of a signed media URL: user, expiry (unix seconds), HMAC signature. */
/** The widths her public art is also served at, for `srcset` (`/media/<art>?w=320`). */
export const ART_WIDTHS = [240, 360, 480] as const;
export type ArtWidth = (typeof ART_WIDTHS)[number];

export const MediaFileQuery = z.object({
  /** A smaller copy of public art (ignored for signed files). */
  w: z.coerce
    .number()
    .int()
    .refine((n): n is ArtWidth => (ART_WIDTHS as readonly number[]).includes(n), 'w must be 240, 360 or 480')
    .optional(),
  u: z.string().max(100).optional(),
  e: z.string().max(20).optional(),
  s: z.string().max(100).optional(),
});
export const MediaGalleryParams = z.object({ botId: z.string().min(1).max(64) });
/** GET /api/media/gallery/:botId: her photos the caller may see, signed for him until `expiresAt`. */
export const MediaGalleryResponse = z.object({
  data: z.object({ photos: z.array(z.string()), expiresAt: z.string() }),
});
export type MediaGalleryResponse = z.infer<typeof MediaGalleryResponse>;
