import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for the parts of the Stripe API our adapter calls, speaking its documented
 * wire format: form-encoded request bodies with bracketed keys, bearer secret key, JSON objects with
 * `id` and `object`, and `{ error: { type, code, message } }` with 402 for a declined card.
 * Tests only; the real adapter talks to api.stripe.com.
 */
export type FakeRequest = {
  method: string;
  path: string;
  form: URLSearchParams;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
};

export type StripeFake = {
  url: string;
  requests: FakeRequest[];
  /** Payment methods whose off-session charges are declined. */
  declineMethods: Set<string>;
  /** Payment methods detached from their customer (`POST /v1/payment_methods/:id/detach`). */
  detached: Set<string>;
  sessions: Map<string, Record<string, unknown>>;
  intents: Map<string, Record<string, unknown>>;
  /** The buyer pays a Checkout Session on Stripe's page (its webhook is the test's to send, or not). */
  pay: (sessionId: string) => void;
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

/** `metadata[paymentId]=x` style keys → the value under a bracketed prefix. */
function sub(form: URLSearchParams, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form) {
    if (k.startsWith(`${prefix}[`)) out[k.slice(prefix.length + 1, -1)] = v;
  }
  return out;
}

export async function startStripeFake(): Promise<StripeFake> {
  let seq = 0;
  const id = (prefix: string) => `${prefix}_fake${(++seq).toString().padStart(6, '0')}`;
  const requests: FakeRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const intents = new Map<string, Record<string, unknown>>();
  const declineMethods = new Set<string>();
  const detached = new Set<string>();
  const byIdempotency = new Map<string, unknown>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const form = new URLSearchParams(body || url.search);
    const key = req.headers['idempotency-key'];
    const r: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      form,
      authorization: req.headers.authorization,
      idempotencyKey: Array.isArray(key) ? key[0] : key,
    };
    requests.push(r);
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(json));
    };
    const notFound = () =>
      send(404, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' },
      });
    if (!r.authorization?.startsWith('Bearer sk_test_')) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    const remembered = r.idempotencyKey ? byIdempotency.get(`${r.path}|${r.idempotencyKey}`) : undefined;
    if (r.method === 'POST' && remembered) {
      send(200, remembered);
      return;
    }
    const reply = (status: number, json: Record<string, unknown>) => {
      if (r.idempotencyKey && status === 200) byIdempotency.set(`${r.path}|${r.idempotencyKey}`, json);
      send(status, json);
    };
    const parts = r.path.split('/').filter(Boolean); // v1, resource, id, action

    if (r.method === 'POST' && r.path === '/v1/checkout/sessions') {
      const sid = id('cs_test');
      const pi = id('pi');
      const metadata = sub(form, 'metadata');
      const session = {
        id: sid,
        object: 'checkout.session',
        mode: form.get('mode'),
        url: `https://checkout.stripe.com/c/pay/${sid}`,
        client_reference_id: form.get('client_reference_id'),
        metadata,
        payment_status: 'unpaid',
        status: 'open',
        payment_intent: pi,
        customer: form.get('customer_creation') === 'always' ? id('cus') : null,
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]'),
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
      };
      sessions.set(sid, session);
      intents.set(pi, {
        id: pi,
        object: 'payment_intent',
        amount: session.amount_total,
        currency: session.currency,
        customer: session.customer,
        payment_method: id('pm'),
        metadata: sub(form, 'payment_intent_data[metadata]'),
        setup_future_usage: form.get('payment_intent_data[setup_future_usage]'),
        status: 'requires_payment_method',
      });
      reply(200, session);
      return;
    }
    if (parts[1] === 'checkout' && parts[2] === 'sessions' && parts[3]) {
      const s = sessions.get(parts[3]);
      if (!s) return notFound();
      if (r.method === 'POST' && parts[4] === 'expire') {
        // Stripe refuses to expire a session that is no longer open.
        if (s.status !== 'open')
          return send(400, {
            error: {
              type: 'invalid_request_error',
              message: `Only Checkout Sessions with a status in ["open"] can be expired.`,
            },
          });
        s.status = 'expired';
      }
      reply(200, s);
      return;
    }
    if (r.method === 'POST' && parts[1] === 'payment_methods' && parts[2] && parts[3] === 'detach') {
      const pm = parts[2];
      const known = [...intents.values()].some((i) => i.payment_method === pm);
      if (!known || detached.has(pm)) return notFound();
      detached.add(pm);
      reply(200, { id: pm, object: 'payment_method', type: 'card', customer: null });
      return;
    }
    if (r.method === 'POST' && r.path === '/v1/payment_intents') {
      const pm = form.get('payment_method') ?? '';
      // Stripe refuses to charge a detached method for a customer.
      if (detached.has(pm))
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `The PaymentMethod ${pm} does not belong to the Customer you supplied.`,
          },
        });
      const pi = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency'),
        customer: form.get('customer'),
        payment_method: pm,
        metadata: sub(form, 'metadata'),
        setup_future_usage: null,
        status: declineMethods.has(pm) ? 'requires_payment_method' : 'succeeded',
      };
      intents.set(pi.id, pi);
      if (declineMethods.has(pm)) {
        send(402, {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
            payment_intent: pi,
          },
        });
        return;
      }
      reply(200, pi);
      return;
    }
    if (parts[1] === 'payment_intents' && parts[2]) {
      const pi = intents.get(parts[2]);
      if (!pi) return notFound();
      if (r.method === 'POST' && parts[3] === 'cancel') pi.status = 'canceled';
      reply(200, pi);
      return;
    }
    if (r.method === 'POST' && r.path === '/v1/refunds') {
      const pi = intents.get(form.get('payment_intent') ?? '');
      if (!pi) return notFound();
      reply(200, {
        id: id('re'),
        object: 'refund',
        amount: Number(form.get('amount') ?? pi.amount),
        payment_intent: pi.id,
        status: 'succeeded',
      });
      return;
    }
    notFound();
  };
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    declineMethods,
    detached,
    sessions,
    intents,
    pay: (sessionId) => {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      s.status = 'complete';
      s.payment_status = 'paid';
      const pi = intents.get(String(s.payment_intent));
      if (pi) pi.status = 'succeeded';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
