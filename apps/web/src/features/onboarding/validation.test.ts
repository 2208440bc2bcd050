import { describe, expect, it } from 'vitest';
import { checkAge, checkCountry, checkName, checkSex, nextStep, previousStep } from './validation.ts';

describe('onboarding validation', () => {
  it('accepts whole ages from 18', () => {
    expect(checkAge('18')).toEqual({ ok: true, value: 18 });
    expect(checkAge(' 42 ')).toEqual({ ok: true, value: 42 });
    expect(checkAge('17')).toEqual({ ok: false, error: 'onboarding.errors.ageMin' });
    expect(checkAge('18.5')).toEqual({ ok: false, error: 'onboarding.errors.ageWhole' });
    expect(checkAge('abc')).toEqual({ ok: false, error: 'onboarding.errors.ageWhole' });
    expect(checkAge('-20')).toEqual({ ok: false, error: 'onboarding.errors.ageWhole' });
    expect(checkAge('')).toEqual({ ok: false, error: 'onboarding.errors.ageRequired' });
    expect(checkAge('121')).toEqual({ ok: false, error: 'onboarding.errors.ageMax' });
  });

  it('takes only a first name', () => {
    expect(checkName('  Alex ')).toEqual({ ok: true, value: 'Alex' });
    expect(checkName('Анна')).toEqual({ ok: true, value: 'Анна' });
    expect(checkName('Mary-Ann')).toEqual({ ok: true, value: 'Mary-Ann' });
    expect(checkName('Alex Smith')).toEqual({ ok: false, error: 'onboarding.errors.nameFirstOnly' });
    expect(checkName('R2D2')).toEqual({ ok: false, error: 'onboarding.errors.nameLetters' });
    expect(checkName('')).toEqual({ ok: false, error: 'onboarding.errors.nameRequired' });
    expect(checkName('a'.repeat(41))).toEqual({ ok: false, error: 'onboarding.errors.nameLong' });
  });

  it('takes a two-letter country code from the list', () => {
    expect(checkCountry('de')).toEqual({ ok: true, value: 'DE' });
    expect(checkCountry('')).toEqual({ ok: false, error: 'onboarding.errors.countryRequired' });
    expect(checkCountry('ZZ')).toEqual({ ok: false, error: 'onboarding.errors.countryInvalid' });
    expect(checkCountry('DEU')).toEqual({ ok: false, error: 'onboarding.errors.countryInvalid' });
  });

  it('takes male or female', () => {
    expect(checkSex('female')).toEqual({ ok: true, value: 'female' });
    expect(checkSex(null)).toEqual({ ok: false, error: 'onboarding.errors.sexRequired' });
    expect(checkSex('other')).toEqual({ ok: false, error: 'onboarding.errors.sexRequired' });
  });

  it('walks the steps in order', () => {
    expect(nextStep('welcome')).toBe('age');
    expect(nextStep('sex')).toBe('done');
    expect(nextStep('done')).toBeNull();
    expect(previousStep('age')).toBe('welcome');
    expect(previousStep('welcome')).toBeNull();
  });
});
