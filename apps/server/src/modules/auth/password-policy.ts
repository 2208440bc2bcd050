import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { AppError } from '../../lib/errors.ts';

/**
 * zxcvbn (with its common-password, name and English word lists) scores 0..4; 0 and 1 are the
 * passwords an attacker tries first ("password123", "qwerty123", "iloveyou"). Decision 037.
 */
const MIN_SCORE = 2;
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
});

/**
 * Refuses a common password and one that contains the email or its name part (400, with the reason
 * in the reader's language). Sign-up, reset and every other way a password is chosen call it.
 */
export function assertAcceptablePassword(password: string, email: string): void {
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  if (lower.includes(address) || (local.length >= 3 && lower.includes(local)))
    throw new AppError('VALIDATION_ERROR', 'security.passwordHasEmail');
  if (zxcvbn.check(password, [address, local]).score < MIN_SCORE)
    throw new AppError('VALIDATION_ERROR', 'security.passwordTooCommon');
}
