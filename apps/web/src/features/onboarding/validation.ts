import { MAX_AGE, MIN_AGE, NAME_MAX_LENGTH } from '@amora/shared/constants.ts';
import type { Sex } from '@amora/shared/enums.ts';
import { countryCodes } from './countries.ts';

/** Each check answers the value to save, or an i18n key naming the problem. */
export type Check<T> = { ok: true; value: T } | { ok: false; error: string };

export function checkAge(raw: string): Check<number> {
  const text = raw.trim();
  if (!text) return { ok: false, error: 'onboarding.errors.ageRequired' };
  if (!/^\d+$/.test(text)) return { ok: false, error: 'onboarding.errors.ageWhole' };
  const age = Number(text);
  if (age < MIN_AGE) return { ok: false, error: 'onboarding.errors.ageMin' };
  if (age > MAX_AGE) return { ok: false, error: 'onboarding.errors.ageMax' };
  return { ok: true, value: age };
}

/** Only the first name: one word of letters (apostrophes and hyphens inside are fine). */
export function checkName(raw: string): Check<string> {
  const name = raw.trim();
  if (!name) return { ok: false, error: 'onboarding.errors.nameRequired' };
  if (name.length > NAME_MAX_LENGTH) return { ok: false, error: 'onboarding.errors.nameLong' };
  if (/\s/.test(name)) return { ok: false, error: 'onboarding.errors.nameFirstOnly' };
  if (!/^\p{L}[\p{L}\p{M}'-]*$/u.test(name)) return { ok: false, error: 'onboarding.errors.nameLetters' };
  return { ok: true, value: name };
}

export function checkCountry(raw: string): Check<string> {
  const code = raw.trim().toUpperCase();
  if (!code) return { ok: false, error: 'onboarding.errors.countryRequired' };
  if (!/^[A-Z]{2}$/.test(code) || !(countryCodes as readonly string[]).includes(code)) {
    return { ok: false, error: 'onboarding.errors.countryInvalid' };
  }
  return { ok: true, value: code };
}

export function checkSex(raw: string | null): Check<Sex> {
  if (raw === 'male' || raw === 'female') return { ok: true, value: raw };
  return { ok: false, error: 'onboarding.errors.sexRequired' };
}

export const onboardingSteps = ['welcome', 'age', 'name', 'country', 'sex', 'done'] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

export function isOnboardingStep(value: string | undefined): value is OnboardingStep {
  return value !== undefined && (onboardingSteps as readonly string[]).includes(value);
}

export function nextStep(step: OnboardingStep): OnboardingStep | null {
  const index = onboardingSteps.indexOf(step);
  return onboardingSteps[index + 1] ?? null;
}

export function previousStep(step: OnboardingStep): OnboardingStep | null {
  const index = onboardingSteps.indexOf(step);
  return index > 0 ? onboardingSteps[index - 1]! : null;
}
