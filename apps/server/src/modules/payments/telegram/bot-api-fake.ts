import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for the Telegram Bot API methods our Stars adapter calls, in its documented
 * wire format: `POST /bot<token>/<method>` with a JSON body, answered `{ ok: true, result }` or
 * `{ ok: false, error_code, description }`. Tests only; the real adapter talks to api.telegram.org.
 */
export type BotApiCall = { token: string; method: string; body: Record<string, unknown> };

export type BotApiFake = {
  url: string;
  calls: BotApiCall[];
  /** Calls of one method, in order. */
  of: (method: string) => BotApiCall[];
  /**
   * A buyer pays an invoice in Telegram: the bot's Star transactions (what `getStarTransactions`
   * lists, oldest first) gain the incoming payment. Returns its charge id.
   */
  pay: (invoicePayload: string, fromUserId: number, amount: number) => string;
  close: () => Promise<void>;
};

export async function startBotApiFake(botToken: string): Promise<BotApiFake> {
  const calls: BotApiCall[] = [];
  const refunded = new Set<string>();
  let invoices = 0;
  /** StarTransaction objects of the Bot API, oldest first. */
  const transactions: Array<Record<string, unknown>> = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.setEncoding('utf8');
    for await (const chunk of req) raw += chunk as string;
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
    if (!m || req.method !== 'POST')
      return send(404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, token, method] = m as unknown as [string, string, string];
    if (token !== botToken) return send(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return send(400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
    }
    calls.push({ token, method, body });
    switch (method) {
      case 'createInvoiceLink':
        if (body.currency !== 'XTR' || body.provider_token !== '')
          return send(400, { ok: false, error_code: 400, description: 'Bad Request: CURRENCY_INVALID' });
        return send(200, { ok: true, result: `https://t.me/$fakeInvoice${++invoices}` });
      case 'answerPreCheckoutQuery':
        return send(200, { ok: true, result: true });
      case 'refundStarPayment': {
        const id = String(body.telegram_payment_charge_id);
        if (refunded.has(id))
          return send(400, {
            ok: false,
            error_code: 400,
            description: 'Bad Request: CHARGE_ALREADY_REFUNDED',
          });
        refunded.add(id);
        const paid = transactions.find((t) => t.id === id);
        if (paid)
          transactions.push({
            id,
            amount: paid.amount,
            date: Math.floor(Date.now() / 1000),
            receiver: { type: 'user', user: (paid.source as { user: unknown }).user },
          });
        return send(200, { ok: true, result: true });
      }
      case 'getStarTransactions': {
        const offset = Number(body.offset ?? 0);
        const limit = Math.min(Math.max(Number(body.limit ?? 100), 1), 100);
        return send(200, { ok: true, result: { transactions: transactions.slice(offset, offset + limit) } });
      }
      default:
        return send(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    }
  };
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    of: (method) => calls.filter((c) => c.method === method),
    pay: (invoicePayload, fromUserId, amount) => {
      const id = `stxfake${transactions.length + 1}_${invoicePayload}`;
      transactions.push({
        id,
        amount,
        date: Math.floor(Date.now() / 1000),
        source: {
          type: 'user',
          transaction_type: 'invoice_payment',
          user: { id: fromUserId, is_bot: false, first_name: 'Alex' },
          invoice_payload: invoicePayload,
        },
      });
      return id;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
