import { describe, expect, it } from 'vitest';
import { translator } from '../../test/translator.ts';
import { paymentMessage } from './payment-message.ts';
import known from './payment-messages.json';

describe('paymentMessage', () => {
  it('translates every known processor message into English and Russian', async () => {
    const [tEn, tRu] = [await translator('en'), await translator('ru')];
    for (const [message, key] of Object.entries(known)) {
      if (message.startsWith('_')) continue;
      expect(tEn(`paywall.reasons.${key}`), key).not.toBe(`paywall.reasons.${key}`);
      expect(tRu(`paywall.reasons.${key}`), key).not.toBe(tEn(`paywall.reasons.${key}`));
      expect(paymentMessage(message, tRu)).toBe(tRu(`paywall.reasons.${key}`));
    }
    expect(paymentMessage('Your card was declined.', tRu)).toBe('Ваша карта отклонена.');
  });

  it('shows an unknown message as the processor wrote it, and never treats the comment as one', async () => {
    const tRu = await translator('ru');
    expect(paymentMessage('Do not honor (05)', tRu)).toBe('Do not honor (05)');
    expect(paymentMessage('_comment', tRu)).toBe('_comment');
  });
});
