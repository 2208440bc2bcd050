import {
  PROMO_MAX_BONUS_TOKENS,
  PROMO_MAX_DISCOUNT_PERCENT,
  type CreatePromoCodeBody,
  type PromoKind,
} from '@amora/shared/promo.ts';
import { REGISTRATION_TOKEN_MAX_HOURS } from '@amora/shared/registration.ts';

/**
 * The console's forms, checked before they are sent (the server checks again and its message is
 * shown if it still refuses). Errors are dictionary keys.
 */
type Parsed<T, K extends string> = { ok: true; value: T } | { ok: false; errors: Partial<Record<K, string>> };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PROMO_CODE = /^[A-Za-z0-9_-]{3,32}$/;

function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}

export type RegistrationFormErrors = Partial<Record<'email' | 'ttlHours' | 'source', string>>;

export function parseRegistrationForm(input: {
  email: string;
  ttlHours: string;
  source: string;
}): Parsed<{ email: string; ttlHours?: number; source?: string }, 'email' | 'ttlHours' | 'source'> {
  const errors: RegistrationFormErrors = {};
  const email = input.email.trim();
  if (!EMAIL.test(email) || email.length > 254) errors.email = 'admin.forms.emailInvalid';
  let ttlHours: number | undefined;
  if (input.ttlHours.trim()) {
    const n = wholeNumber(input.ttlHours);
    if (n === null || n < 1 || n > REGISTRATION_TOKEN_MAX_HOURS) errors.ttlHours = 'admin.forms.ttlInvalid';
    else ttlHours = n;
  }
  const source = input.source.trim();
  if (source.length > 64) errors.source = 'admin.forms.sourceTooLong';
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    value: { email, ...(ttlHours ? { ttlHours } : {}), ...(source ? { source } : {}) },
  };
}

export type PromoFormInput = {
  code: string;
  kind: PromoKind;
  amount: string;
  /** The value of a `datetime-local` input (local time), or empty for no expiry. */
  expiresAt: string;
  maxUses: string;
};
export type PromoFormErrors = Partial<Record<'code' | 'amount' | 'expiresAt' | 'maxUses', string>>;

export function parsePromoForm(
  input: PromoFormInput,
  now: Date = new Date(),
): Parsed<CreatePromoCodeBody, 'code' | 'amount' | 'expiresAt' | 'maxUses'> {
  const errors: PromoFormErrors = {};
  const code = input.code.trim();
  if (!PROMO_CODE.test(code)) errors.code = 'admin.forms.codeInvalid';
  const amount = wholeNumber(input.amount);
  const max = input.kind === 'discount_percent' ? PROMO_MAX_DISCOUNT_PERCENT : PROMO_MAX_BONUS_TOKENS;
  if (amount === null || amount < 1 || amount > max) {
    errors.amount =
      input.kind === 'discount_percent' ? 'admin.forms.percentInvalid' : 'admin.forms.tokensInvalid';
  }
  let expiresAt: string | undefined;
  if (input.expiresAt.trim()) {
    const date = new Date(input.expiresAt);
    if (Number.isNaN(date.getTime())) errors.expiresAt = 'admin.forms.dateInvalid';
    else if (date.getTime() <= now.getTime()) errors.expiresAt = 'admin.forms.dateInPast';
    else expiresAt = date.toISOString();
  }
  let maxUses: number | undefined;
  if (input.maxUses.trim()) {
    const n = wholeNumber(input.maxUses);
    if (n === null || n < 1) errors.maxUses = 'admin.forms.maxUsesInvalid';
    else maxUses = n;
  }
  if (Object.keys(errors).length || amount === null) return { ok: false, errors };
  return {
    ok: true,
    value: {
      code: code.toUpperCase(),
      kind: input.kind,
      amount,
      ...(expiresAt ? { expiresAt } : {}),
      ...(maxUses ? { maxUses } : {}),
    },
  };
}
