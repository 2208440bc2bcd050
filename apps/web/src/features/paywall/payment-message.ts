import type { TFunction } from 'i18next';
import known from './payment-messages.json';

const keys = known as Record<string, string>;

/**
 * A processor's reason for a declined or failed payment in the reader's language: the messages the
 * built-in processors and Stripe are known to send are translated (payment-messages.json); any other
 * is shown as the processor wrote it.
 */
export function paymentMessage(message: string, t: TFunction): string {
  const key = Object.hasOwn(keys, message) && !message.startsWith('_') ? keys[message] : undefined;
  return key ? t(`paywall.reasons.${key}`) : message;
}
