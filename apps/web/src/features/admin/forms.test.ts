import { describe, expect, it } from 'vitest';
import { parsePromoForm, parseRegistrationForm } from './forms.ts';

describe('parseRegistrationForm', () => {
  it('trims and keeps only what was given', () => {
    expect(parseRegistrationForm({ email: ' a@example.com ', ttlHours: '', source: '  ' })).toEqual({
      ok: true,
      value: { email: 'a@example.com' },
    });
    expect(parseRegistrationForm({ email: 'a@example.com', ttlHours: '24', source: 'landing' })).toEqual({
      ok: true,
      value: { email: 'a@example.com', ttlHours: 24, source: 'landing' },
    });
  });

  it('names each bad field', () => {
    expect(parseRegistrationForm({ email: 'nope', ttlHours: '721', source: 'x'.repeat(65) })).toEqual({
      ok: false,
      errors: {
        email: 'admin.forms.emailInvalid',
        ttlHours: 'admin.forms.ttlInvalid',
        source: 'admin.forms.sourceTooLong',
      },
    });
    for (const ttl of ['0', '1.5', '-3', 'abc']) {
      expect(parseRegistrationForm({ email: 'a@example.com', ttlHours: ttl, source: '' })).toMatchObject({
        ok: false,
        errors: { ttlHours: 'admin.forms.ttlInvalid' },
      });
    }
  });
});

describe('parsePromoForm', () => {
  const now = new Date('2030-06-01T12:00:00Z');
  const base = {
    code: 'summer_25',
    kind: 'bonus_tokens' as const,
    amount: '100',
    expiresAt: '',
    maxUses: '',
  };

  it('upper-cases the code and turns the local expiry into an instant', () => {
    expect(parsePromoForm(base, now)).toEqual({
      ok: true,
      value: { code: 'SUMMER_25', kind: 'bonus_tokens', amount: 100 },
    });
    const local = '2030-07-01T09:30';
    expect(parsePromoForm({ ...base, expiresAt: local, maxUses: '5' }, now)).toEqual({
      ok: true,
      value: {
        code: 'SUMMER_25',
        kind: 'bonus_tokens',
        amount: 100,
        expiresAt: new Date(local).toISOString(),
        maxUses: 5,
      },
    });
  });

  it('holds a discount to 90 % and bonus tokens to a whole positive number', () => {
    expect(parsePromoForm({ ...base, kind: 'discount_percent', amount: '90' }, now).ok).toBe(true);
    expect(parsePromoForm({ ...base, kind: 'discount_percent', amount: '91' }, now)).toEqual({
      ok: false,
      errors: { amount: 'admin.forms.percentInvalid' },
    });
    for (const amount of ['0', '', '2.5', '1000001']) {
      expect(parsePromoForm({ ...base, amount }, now)).toEqual({
        ok: false,
        errors: { amount: 'admin.forms.tokensInvalid' },
      });
    }
  });

  it('refuses a bad code, a past expiry and a use limit below 1', () => {
    expect(
      parsePromoForm({ ...base, code: 'a b', expiresAt: '2020-01-01T00:00', maxUses: '0' }, now),
    ).toEqual({
      ok: false,
      errors: {
        code: 'admin.forms.codeInvalid',
        expiresAt: 'admin.forms.dateInPast',
        maxUses: 'admin.forms.maxUsesInvalid',
      },
    });
    expect(parsePromoForm({ ...base, code: 'ab' }, now)).toMatchObject({
      errors: { code: 'admin.forms.codeInvalid' },
    });
    expect(parsePromoForm({ ...base, expiresAt: 'soon' }, now)).toMatchObject({
      errors: { expiresAt: 'admin.forms.dateInvalid' },
    });
  });
});
