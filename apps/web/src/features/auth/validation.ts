import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@amora/shared/constants.ts';

/** Client-side checks mirroring the server's (the server has the last word); results are i18n keys. */
export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return 'auth.errors.emailRequired';
  if (email.length > EMAIL_MAX_LENGTH || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    return 'auth.errors.emailInvalid';
  return null;
}

export function validateNewPassword(value: string): string | null {
  if (!value) return 'auth.errors.passwordRequired';
  if (value.length < PASSWORD_MIN_LENGTH) return 'auth.errors.passwordShort';
  if (value.length > PASSWORD_MAX_LENGTH) return 'auth.errors.passwordLong';
  return null;
}

export function validatePassword(value: string): string | null {
  return value ? null : 'auth.errors.passwordRequired';
}
