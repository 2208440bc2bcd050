import { z } from 'zod';
import { userText } from './text-schema.ts';
import { email } from './auth.ts';
import { User } from './user.ts';

/** Registration tokens live at most 30 days; the default is 3 days. */
export const REGISTRATION_TOKEN_MAX_HOURS = 720;
export const REGISTRATION_TOKEN_DEFAULT_HOURS = 72;

/** An operator's landing page or an affiliate asks for a token that signs a visitor in once. */
export const CreateRegistrationTokenBody = z
  .object({
    email,
    ttlHours: z.number().int().min(1).max(REGISTRATION_TOKEN_MAX_HOURS).optional(),
    source: userText().min(1).max(64).optional(),
  })
  .strict();
export type CreateRegistrationTokenBody = z.infer<typeof CreateRegistrationTokenBody>;

export const CreateRegistrationTokenResponse = z.object({
  registrationToken: z.string(),
  expiresAt: z.string(),
  /** The account the token signs into: created now (status New) or an existing one. */
  userId: z.string(),
  created: z.boolean(),
  /** A link to the app that exchanges the token on arrival. */
  url: z.string(),
});

export const ExchangeTokenBody = z
  .object({
    registration_token: z
      .string()
      .min(16, 'Invalid registration token')
      .max(200, 'Invalid registration token'),
    ip: z.string().max(64).optional(),
  })
  .strict();
export type ExchangeTokenBody = z.infer<typeof ExchangeTokenBody>;

export const ExchangeTokenResponse = z.object({
  success: z.literal(true),
  /** The access token. */
  token: z.string(),
  /**
   * A one-time login code (two minutes, once) for the landing page to hand to
   * `/set-tokens?refreshToken=…` (the SPEC's parameter name); not the session's refresh token,
   * which is only the httpOnly cookie.
   */
  refreshToken: z.string(),
  /** The same one-time login code under its own name. */
  loginCode: z.string(),
  user: User,
});
export type ExchangeTokenResponse = z.infer<typeof ExchangeTokenResponse>;

/** `/set-tokens` exchanges the one-time login code received in its URL (`refreshToken`) for a session. */
export const AdoptRefreshBody = z.object({ refreshToken: z.string().min(16).max(200) }).strict();

/** Whose account a login code opens, for the page to name it before switching. */
export const LoginCodePreviewResponse = z.object({
  user: z.object({ _id: z.string(), email: z.string(), name: z.string().nullable() }),
});
export type LoginCodePreviewResponse = z.infer<typeof LoginCodePreviewResponse>;
