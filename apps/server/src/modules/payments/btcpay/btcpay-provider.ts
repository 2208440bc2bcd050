import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../../lib/errors.ts';
import { safeEqual } from '../../../lib/tokens.ts';
import type { PaymentEvent, PaymentProvider, ProviderState } from '../payment-provider.ts';

/** The header BTCPay Server signs its webhooks in: `sha256=<lowercase hex HMAC-SHA256 of the raw body>`. */
export const BTCPAY_SIGNATURE_HEADER = 'btcpay-sig';

export type BtcpayProviderOptions = {
  /** The BTCPay Server origin, e.g. https://btcpay.example.com (tests: a loopback fake). */
  url: string;
  storeId: string;
  /** A Greenfield API key with view/create/modify invoices and create pull payments. */
  apiKey: string;
  /** The secret of the store webhook that points at /api/payment/webhook/crypto. */
  webhookSecret: string;
  /** Our public origin: the checkout's redirectURL must be absolute. */
  publicUrl: string;
  /** The refund's payout method (a pull payment the buyer claims), default BTC. */
  refundPaymentMethod?: string;
};

/** Greenfield invoice statuses (docs.btcpayserver.org/API/Greenfield/v1, InvoiceStatus). */
const InvoiceStatus = z.enum(['New', 'Processing', 'Expired', 'Invalid', 'Settled']);

const Invoice = z.looseObject({
  id: z.string().min(1),
  status: InvoiceStatus,
  checkoutLink: z.string().optional(),
  additionalStatus: z.string().optional(),
  metadata: z.looseObject({ orderId: z.string().optional() }).nullish(),
});
type Invoice = z.infer<typeof Invoice>;

/** A webhook delivery (the fields we use; BTCPay adds more per type). */
const WebhookBody = z.looseObject({
  deliveryId: z.string().min(1),
  webhookId: z.string().optional(),
  originalDeliveryId: z.string().nullish(),
  isRedelivery: z.boolean().optional(),
  type: z.string().min(1),
  timestamp: z.number().optional(),
  storeId: z.string().optional(),
  invoiceId: z.string().optional(),
  metadata: z.looseObject({ orderId: z.string().optional() }).nullish(),
});

const EXPIRED_MESSAGE = 'The crypto invoice expired unpaid.';
const INVALID_MESSAGE = 'The crypto invoice was marked invalid.';

/** Minor units (cents) → the decimal string Greenfield takes ("9.99"). */
export const toDecimalAmount = (minor: number): string => (minor / 100).toFixed(2);

export const signBtcpayBody = (secret: string, rawBody: Buffer | string): string =>
  `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

const headerOf = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

const stateOf = (invoice: Invoice): ProviderState => {
  switch (invoice.status) {
    case 'New':
      return { state: 'open' };
    case 'Processing':
      return { state: 'processing' };
    case 'Settled':
      return { state: 'succeeded', providerRef: invoice.id };
    case 'Expired':
      return { state: 'failed', message: EXPIRED_MESSAGE };
    case 'Invalid':
      return { state: 'failed', message: INVALID_MESSAGE };
  }
};

/**
 * The crypto processor adapter: BTCPay Server's Greenfield API (open source, self-hosted). A hosted
 * invoice per payment (our payment id as its `orderId`), webhooks verified by BTCPay-Sig on the raw
 * body, reconciliation by reading the invoice, refunds as a pull payment the buyer claims
 * (decision 057).
 */
export function createBtcpayProvider(opts: BtcpayProviderOptions): PaymentProvider {
  const base = `${opts.url.replace(/\/+$/, '')}/api/v1/stores/${encodeURIComponent(opts.storeId)}`;

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `token ${opts.apiKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (res.status >= 400 && res.status !== 404) {
      const message =
        json && typeof json === 'object' && 'message' in json ? String(json.message) : `HTTP ${res.status}`;
      throw new Error(`BTCPay ${method} ${path} failed: ${message}`);
    }
    return { status: res.status, json };
  }

  async function invoiceOf(ref: { providerRef: string | null; paymentId: string }): Promise<Invoice | null> {
    if (ref.providerRef) {
      const { status, json } = await call('GET', `/invoices/${encodeURIComponent(ref.providerRef)}`);
      return status === 404 ? null : Invoice.parse(json);
    }
    // The invoice was created but its id never reached our row: find it by our order id.
    const { status, json } = await call('GET', `/invoices?orderId=${encodeURIComponent(ref.paymentId)}`);
    if (status === 404) return null;
    return z.array(Invoice).parse(json)[0] ?? null;
  }

  return {
    name: 'crypto',
    async createCheckout(req) {
      const { json } = await call('POST', '/invoices', {
        amount: toDecimalAmount(req.amount),
        currency: req.currency,
        metadata: { orderId: req.paymentId, itemDesc: req.description, buyerId: req.userId },
        checkout: {
          redirectURL: new URL(req.returnUrl, opts.publicUrl).toString(),
          redirectAutomatically: true,
        },
      });
      const invoice = Invoice.parse(json);
      if (!invoice.checkoutLink) throw new AppError('CONFLICT', 'crypto.noCheckoutPage');
      return { checkoutUrl: invoice.checkoutLink, providerRef: invoice.id };
    },
    async parseWebhook(rawBody, headers) {
      const header = headerOf(headers, BTCPAY_SIGNATURE_HEADER);
      if (!header)
        throw new AppError('UNAUTHORIZED', 'webhook.signatureRejected', { why: 'missing BTCPay-Sig' });
      // Compared in constant time on the exact bytes BTCPay signed.
      if (!safeEqual(header.trim().toLowerCase(), signBtcpayBody(opts.webhookSecret, rawBody)))
        throw new AppError('UNAUTHORIZED', 'webhook.signatureRejected', { why: 'signature does not match' });
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError('VALIDATION_ERROR', 'webhook.notJson');
      }
      const body = WebhookBody.safeParse(parsed);
      if (!body.success) throw new AppError('VALIDATION_ERROR', 'webhook.notBtcpayEvent');
      const d = body.data;
      // Another store's delivery (one BTCPay instance, several stores): not ours to apply.
      if (d.storeId && d.storeId !== opts.storeId) return { events: [] };
      // A redelivery keeps the first delivery's id as originalDeliveryId: one event, applied once.
      const eventId = d.originalDeliveryId || d.deliveryId;
      const paymentId = d.metadata?.orderId ?? null;
      const providerRef = d.invoiceId ?? null;
      const one = (kind: PaymentEvent['kind'], message: string | null = null): PaymentEvent[] => [
        { eventId, kind, paymentId, providerRef, message },
      ];
      switch (d.type) {
        case 'InvoiceReceivedPayment':
        case 'InvoiceProcessing':
          return { events: one('processing') };
        case 'InvoiceSettled':
          return { events: one('succeeded') };
        case 'InvoiceExpired':
          return { events: one('failed', EXPIRED_MESSAGE) };
        case 'InvoiceInvalid':
          return { events: one('failed', INVALID_MESSAGE) };
        default:
          // InvoiceCreated, InvoicePaymentSettled (one payment of the invoice), payout events…
          return { events: [] };
      }
    },
    async lookup(ref): Promise<ProviderState> {
      const invoice = await invoiceOf(ref);
      return invoice ? stateOf(invoice) : { state: 'unknown' };
    },
    async cancel(providerRef) {
      // Greenfield has no "cancel": an unpaid invoice is marked invalid so it can no longer be paid.
      await call('POST', `/invoices/${encodeURIComponent(providerRef)}/status`, { status: 'Invalid' });
    },
    async refund(providerRef) {
      // A refund is a pull payment for the invoice's fiat amount that the buyer claims with their
      // own address; the store owes it from now on, so the tokens go back at once (decision 057).
      const { status, json } = await call('POST', `/invoices/${encodeURIComponent(providerRef)}/refund`, {
        refundVariant: 'Fiat',
        paymentMethod: opts.refundPaymentMethod ?? 'BTC',
        name: 'Amora refund',
      });
      if (status === 404) throw new AppError('CONFLICT', 'crypto.noPayment');
      const pull = z.looseObject({ id: z.string(), viewLink: z.string().optional() }).parse(json);
      return [
        {
          eventId: `refund:${providerRef}`,
          kind: 'refunded',
          paymentId: null,
          providerRef,
          message: pull.viewLink ?? null,
        },
      ];
    },
  };
}
