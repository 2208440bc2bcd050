import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { User } from './user.ts';

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

export const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const SignUpBody = z
  .object({
    email,
    password,
    termsAccepted: z.literal(true, { error: 'You must accept the terms' }),
    language: z.string().max(8).optional(),
  })
  .strict();
export type SignUpBody = z.infer<typeof SignUpBody>;

export const SignInBody = z
  .object({ email, password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH) })
  .strict();
export type SignInBody = z.infer<typeof SignInBody>;

export const RecoveryBody = z.object({ email }).strict();
export type RecoveryBody = z.infer<typeof RecoveryBody>;

export const ResetPasswordBody = z.object({ token: z.string().min(16).max(200), password }).strict();
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const AuthResponse = z.object({ accessToken: z.string(), user: User });
export type AuthResponse = z.infer<typeof AuthResponse>;
export const RefreshResponse = z.object({ accessToken: z.string() });
