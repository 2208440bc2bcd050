import type { PaymentProviderName } from '@amora/shared/payments.ts';

/** What our payment code asks of any processor (DESIGN §3: one interface for all providers). */
export type CheckoutRequest = {
  /** Our payment id; comes back in every webhook as the reference. */
  paymentId: string;
  userId: string;
  /** Minor units (cents), or stars for XTR. */
  amount: number;
  currency: string;
  description: string;
  /** Where the hosted page sends the buyer afterwards (our SPA). */
  returnUrl: string;
  /** Keep the card for later charges (subscriptions). */
  saveMethod: boolean;
};

export type CheckoutSession = { checkoutUrl: string; providerRef: string };

/** A verified webhook, translated into our words. */
export type PaymentEvent = {
  /** The provider's event id: a redelivery carries the same id and is applied once. */
  eventId: string;
  kind: 'processing' | 'succeeded' | 'declined' | 'failed' | 'canceled' | 'refunded' | 'chargeback';
  /** Our payment id (the reference we gave at checkout). */
  paymentId: string | null;
  providerRef: string | null;
  savedMethod?: string | null;
  cardLast4?: string | null;
  message?: string | null;
};

/** A webhook can also need an immediate answer in its response (Telegram pre_checkout_query). */
export type WebhookResult = { events: PaymentEvent[]; reply?: unknown };

export type ChargeResult = {
  providerRef: string;
  status: 'succeeded' | 'declined' | 'pending';
  message?: string;
};

/**
 * A checkout's state as the provider sees it now (reconciliation, decision 034): `open` is still
 * payable, `unknown` means the provider has no record of it.
 */
export type ProviderState = {
  state: 'open' | 'processing' | 'succeeded' | 'declined' | 'failed' | 'canceled' | 'refunded' | 'unknown';
  /** The charge's own reference when it differs from the checkout's (what a refund needs). */
  providerRef?: string | null;
  savedMethod?: string | null;
  cardLast4?: string | null;
  message?: string | null;
};

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(req: CheckoutRequest): Promise<CheckoutSession>;
  /** Verifies the signature on the raw body (throws 401) and parses the payload. */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<WebhookResult>;
  cancel(providerRef: string): Promise<void>;
  /** Asks the provider where a checkout stands (`paymentId` is the reference we gave it). */
  lookup(ref: { providerRef: string | null; paymentId: string; createdAt: Date }): Promise<ProviderState>;
  /**
   * Asks for a refund. A provider that settles it at once (Telegram Stars) returns the resulting
   * events; others report it later by webhook.
   */
  refund(providerRef: string, amount: number): Promise<void | PaymentEvent[]>;
  /**
   * Forgets a saved payment method (`/user/delete-card`): the processor can no longer charge it.
   * A method the processor no longer knows counts as forgotten.
   */
  forgetSaved?(savedMethod: string): Promise<void>;
  /** Charges a saved payment method again (renewals); absent when the provider cannot. */
  chargeSaved?(req: {
    savedMethod: string;
    paymentId: string;
    amount: number;
    currency: string;
    description: string;
  }): Promise<ChargeResult>;
}
