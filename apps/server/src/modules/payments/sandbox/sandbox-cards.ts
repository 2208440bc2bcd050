/**
 * The card rules of the built-in sandbox processor: the well-known test cards of DESIGN §4 and
 * the checks a real hosted card page makes before it talks to a bank.
 */
export type CardBehaviour = 'succeed' | 'decline' | 'confirm' | 'processing' | 'succeed_then_decline';

export const TEST_CARDS: { number: string; behaviour: CardBehaviour; label: string }[] = [
  { number: '4242424242424242', behaviour: 'succeed', label: 'Succeeds' },
  { number: '4000000000000002', behaviour: 'decline', label: 'Declined' },
  { number: '4000000000003220', behaviour: 'confirm', label: 'Needs confirmation (3-D Secure)' },
  {
    number: '4000000000000077',
    behaviour: 'processing',
    label: 'Processing for a few seconds, then succeeds',
  },
  {
    number: '4000000000000341',
    behaviour: 'succeed_then_decline',
    label: 'Succeeds now, later charges (renewals) are declined',
  },
];

export type CardInput = { number: string; expiry: string; cvc: string };
export type CardCheck =
  | { ok: true; number: string; last4: string; behaviour: CardBehaviour }
  | { ok: false; field: 'number' | 'expiry' | 'cvc'; message: string };

export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks the card form; `now` decides whether an expiry is in the past (valid through its month). */
export function checkCard(input: CardInput, now = new Date()): CardCheck {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(number)) return { ok: false, field: 'number', message: 'Your card number is invalid.' };
  if (number.length < 12) return { ok: false, field: 'number', message: 'Your card number is incomplete.' };
  if (number.length > 19 || !luhn(number))
    return { ok: false, field: 'number', message: 'Your card number is invalid.' };

  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  if (!m)
    return { ok: false, field: 'expiry', message: "Your card's expiration date is incomplete (MM/YY)." };
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12)
    return { ok: false, field: 'expiry', message: "Your card's expiration month is invalid." };
  const endOfMonth = Date.UTC(year, month, 1); // first moment after the expiry month
  if (endOfMonth <= now.getTime())
    return { ok: false, field: 'expiry', message: "Your card's expiration date is in the past." };
  if (year > now.getUTCFullYear() + 50)
    return { ok: false, field: 'expiry', message: "Your card's expiration year is invalid." };

  if (!/^\d{3,4}$/.test(input.cvc.trim()))
    return { ok: false, field: 'cvc', message: "Your card's security code is incomplete." };

  const known = TEST_CARDS.find((c) => c.number === number);
  if (!known)
    return {
      ok: false,
      field: 'number',
      message: 'This is a test-mode processor: real cards are not accepted. Use one of the test cards below.',
    };
  return { ok: true, number, last4: number.slice(-4), behaviour: known.behaviour };
}
