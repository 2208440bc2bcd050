import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signBtcpayBody } from './btcpay-provider.ts';

/**
 * A loopback stand-in for the parts of BTCPay Server's Greenfield API our adapter calls, speaking its
 * documented wire format (JSON bodies, `Authorization: token <apiKey>`, invoices with `id`, `status`,
 * `checkoutLink`, `metadata.orderId`), plus a hosted checkout page whose "Pay" and "Let it expire"
 * buttons settle or expire the invoice, post the signed webhooks (BTCPay-Sig) and redirect to the
 * invoice's redirectURL. Tests and the browser journey only; the real adapter talks to a BTCPay Server.
 */
export type BtcpayFakeOptions = {
  storeId: string;
  apiKey: string;
  webhookSecret: string;
  /** Where webhooks are posted (Amora's /api/payment/webhook/crypto); tests may set `deliver` instead. */
  webhookUrl?: string;
  port?: number;
};

export type FakeInvoice = {
  id: string;
  storeId: string;
  amount: string;
  currency: string;
  status: 'New' | 'Processing' | 'Expired' | 'Invalid' | 'Settled';
  additionalStatus: string;
  metadata: Record<string, unknown>;
  checkout: { redirectURL?: string; redirectAutomatically?: boolean };
  checkoutLink: string;
  createdTime: number;
  expirationTime: number;
};

export type FakeRequest = { method: string; path: string; body: unknown; authorization: string | undefined };
export type FakeDelivery = { deliveryId: string; originalDeliveryId: string; body: string; status: number };

export type BtcpayFake = {
  url: string;
  requests: FakeRequest[];
  invoices: Map<string, FakeInvoice>;
  deliveries: FakeDelivery[];
  refunds: { invoiceId: string; body: unknown; pullPaymentId: string }[];
  /** Posts a signed webhook body; answers the HTTP status. Replace it to deliver in-process. */
  deliver: (rawBody: string, headers: Record<string, string>) => Promise<number>;
  /** While true, webhooks are lost on the way (reconciliation has to find the outcome). */
  dropWebhooks: boolean;
  /** The buyer pays (settles) or lets the invoice expire on the hosted page; webhooks follow. */
  pay: (invoiceId: string) => Promise<void>;
  expire: (invoiceId: string) => Promise<void>;
  /** BTCPay's "Redeliver": the same payload, a new deliveryId, the first one as originalDeliveryId. */
  redeliver: (deliveryId: string) => Promise<number>;
  close: () => Promise<void>;
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(invoice: FakeInvoice): string {
  const open = invoice.status === 'New';
  const desc = typeof invoice.metadata.itemDesc === 'string' ? invoice.metadata.itemDesc : 'Invoice';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>BTCPay (fake) checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}
button{display:block;width:100%;padding:.8rem;margin:.5rem 0;font-size:1rem}</style></head><body>
<h1>Pay with Bitcoin</h1><p>${escapeHtml(desc)}</p>
<p><strong>${escapeHtml(invoice.amount)} ${escapeHtml(invoice.currency)}</strong></p>
<p>Invoice ${escapeHtml(invoice.id)}: <span id="status">${invoice.status}</span></p>
${
  open
    ? `<form method="post" action="/i/${invoice.id}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/i/${invoice.id}/expire"><button type="submit">Let it expire</button></form>`
    : ''
}</body></html>`;
}

export async function startBtcpayFake(opts: BtcpayFakeOptions): Promise<BtcpayFake> {
  let seq = 0;
  const requests: FakeRequest[] = [];
  const invoices = new Map<string, FakeInvoice>();
  const deliveries: FakeDelivery[] = [];
  const refunds: BtcpayFake['refunds'] = [];
  let url = '';

  const fake: BtcpayFake = {
    url: '',
    requests,
    invoices,
    deliveries,
    refunds,
    dropWebhooks: false,
    deliver: async (rawBody, headers) => {
      if (!opts.webhookUrl) return 0;
      const res = await fetch(opts.webhookUrl, {
        method: 'POST',
        body: rawBody,
        headers,
        signal: AbortSignal.timeout(10_000),
      });
      return res.status;
    },
    pay: async (id) => transition(id, 'Settled'),
    expire: async (id) => transition(id, 'Expired'),
    redeliver: async (deliveryId) => {
      const first = deliveries.find((d) => d.deliveryId === deliveryId);
      if (!first) throw new Error(`no delivery ${deliveryId}`);
      const body = JSON.stringify({
        ...(JSON.parse(first.body) as Record<string, unknown>),
        deliveryId: `dlv_${randomUUID()}`,
        originalDeliveryId: first.originalDeliveryId,
        isRedelivery: true,
      });
      return send(body, first.originalDeliveryId);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function send(body: string, originalDeliveryId: string): Promise<number> {
    const deliveryId = (JSON.parse(body) as { deliveryId: string }).deliveryId;
    const status = fake.dropWebhooks
      ? 0
      : await fake
          .deliver(body, {
            'content-type': 'application/json',
            'btcpay-sig': signBtcpayBody(opts.webhookSecret, body),
          })
          .catch(() => 0);
    deliveries.push({ deliveryId, originalDeliveryId, body, status });
    return status;
  }

  async function webhook(invoice: FakeInvoice, type: string): Promise<void> {
    const deliveryId = `dlv_${randomUUID()}`;
    const body = JSON.stringify({
      deliveryId,
      webhookId: 'wh_fake',
      originalDeliveryId: deliveryId,
      isRedelivery: false,
      type,
      timestamp: Math.floor(Date.now() / 1000),
      storeId: invoice.storeId,
      invoiceId: invoice.id,
      metadata: invoice.metadata,
      ...(type === 'InvoiceSettled' ? { manuallyMarked: false, overPaid: false } : {}),
      ...(type === 'InvoiceExpired' ? { partiallyPaid: false } : {}),
    });
    await send(body, deliveryId);
  }

  async function transition(id: string, to: 'Settled' | 'Expired' | 'Invalid'): Promise<void> {
    const invoice = invoices.get(id);
    if (!invoice) throw new Error(`no invoice ${id}`);
    if (to === 'Settled') {
      invoice.status = 'Processing';
      await webhook(invoice, 'InvoiceReceivedPayment');
      await webhook(invoice, 'InvoiceProcessing');
      invoice.status = 'Settled';
      await webhook(invoice, 'InvoicePaymentSettled');
      await webhook(invoice, 'InvoiceSettled');
    } else {
      invoice.status = to;
      await webhook(invoice, to === 'Expired' ? 'InvoiceExpired' : 'InvoiceInvalid');
    }
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    const u = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const sendJson = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const parts = u.pathname.split('/').filter(Boolean);

    // The hosted checkout page (what the buyer sees).
    if (parts[0] === 'i' && parts[1]) {
      const invoice = invoices.get(parts[1]);
      if (!invoice) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Invoice not found');
        return;
      }
      if (method === 'POST' && (parts[2] === 'pay' || parts[2] === 'expire')) {
        if (invoice.status === 'New')
          await transition(invoice.id, parts[2] === 'pay' ? 'Settled' : 'Expired');
        const to = invoice.checkout.redirectURL;
        res.writeHead(303, { location: to ?? `/i/${invoice.id}` }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(invoice));
      return;
    }

    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      return sendJson(400, { code: 'invalid-json', message: 'Invalid JSON' });
    }
    requests.push({ method, path: u.pathname + u.search, body, authorization: req.headers.authorization });
    // /api/v1/stores/{storeId}/invoices[/{id}[/status|/refund]]
    if (parts[0] !== 'api' || parts[1] !== 'v1' || parts[2] !== 'stores' || parts[4] !== 'invoices')
      return sendJson(404, { code: 'not-found', message: 'Not found' });
    if (req.headers.authorization !== `token ${opts.apiKey}`)
      return sendJson(401, { code: 'unauthenticated', message: 'Authentication is required' });
    if (parts[3] !== opts.storeId) return sendJson(403, { code: 'unauthorized', message: 'Not your store' });
    const id = parts[5];

    if (!id && method === 'POST') {
      const b = (body ?? {}) as Partial<FakeInvoice> & { amount?: unknown };
      if (typeof b.amount !== 'string' || !/^\d+(\.\d+)?$/.test(b.amount) || typeof b.currency !== 'string')
        return sendJson(422, [{ path: 'amount', message: 'amount and currency are required' }]);
      const invoiceId = `inv_fake${(++seq).toString().padStart(6, '0')}`;
      const now = Math.floor(Date.now() / 1000);
      const invoice: FakeInvoice = {
        id: invoiceId,
        storeId: opts.storeId,
        amount: b.amount,
        currency: b.currency,
        status: 'New',
        additionalStatus: 'None',
        metadata: b.metadata ?? {},
        checkout: b.checkout ?? {},
        checkoutLink: `${url}/i/${invoiceId}`,
        createdTime: now,
        expirationTime: now + 15 * 60,
      };
      invoices.set(invoiceId, invoice);
      return sendJson(200, invoice);
    }
    if (!id && method === 'GET') {
      const orderIds = u.searchParams.getAll('orderId');
      return sendJson(
        200,
        [...invoices.values()]
          .filter((i) => orderIds.length === 0 || orderIds.includes(String(i.metadata.orderId)))
          .reverse(),
      );
    }
    const invoice = id ? invoices.get(id) : undefined;
    if (!invoice) return sendJson(404, { code: 'invoice-not-found', message: 'The invoice was not found' });
    if (method === 'GET' && !parts[6]) return sendJson(200, invoice);
    if (method === 'POST' && parts[6] === 'status') {
      const to = (body as { status?: unknown } | null)?.status;
      if (to !== 'Invalid' && to !== 'Settled')
        return sendJson(422, [{ path: 'status', message: 'status must be Invalid or Settled' }]);
      if (invoice.status === to) return sendJson(200, invoice);
      await transition(invoice.id, to);
      return sendJson(200, invoice);
    }
    if (method === 'POST' && parts[6] === 'refund') {
      if (invoice.status !== 'Settled')
        return sendJson(422, { code: 'non-refundable', message: 'Cannot refund this invoice' });
      const pullPaymentId = `pp_fake${(++seq).toString().padStart(6, '0')}`;
      refunds.push({ invoiceId: invoice.id, body, pullPaymentId });
      return sendJson(200, {
        id: pullPaymentId,
        name: (body as { name?: string } | null)?.name ?? '',
        currency: invoice.currency,
        amount: invoice.amount,
        archived: false,
        viewLink: `${url}/pull-payments/${pullPaymentId}`,
      });
    }
    return sendJson(404, { code: 'not-found', message: 'Not found' });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'fake-error', message: String(err) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  fake.url = url;
  return fake;
}
