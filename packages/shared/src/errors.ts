import { z } from 'zod';

export const errorCodes = {
  VALIDATION_ERROR: 400,
  MESSAGE_TOO_LONG: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  INSUFFICIENT_TOKENS: 402,
  BANNED: 403,
  /** The account is on hold for age review (decision 045): every write is refused. */
  AGE_REVIEW: 403,
  FORBIDDEN: 403,
  /** The address is not confirmed yet and the operator's policy needs it (buying by default). */
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  CHAT_LOCKED: 409,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof errorCodes;

export const ApiErrorBody = z
  .object({
    statusCode: z.number().int(),
    code: z.string(),
    message: z.string(),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** Whether a value has the error body's shape (zod-free, in rules.ts). */
export { isApiErrorBody } from './rules.ts';
