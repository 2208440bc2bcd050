import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A loopback model server for tests that speaks the OpenAI chat completions wire format:
 * `POST /v1/chat/completions` with `stream: true` answers server-sent events
 * (`data: {"choices":[{"delta":{"content":"..."}}]}` … `data: [DONE]`), otherwise one JSON completion.
 * What it does is picked by a marker in the user's last message:
 *   STALL   - headers and a role chunk, then silence (time-outs)
 *   MIDFAIL - two pieces of text, then an error event and the end of the stream
 *   FLAKY   - 500 the first time, then a normal stream
 *   BUSY    - 429 with Retry-After: 0 the first time, then a normal stream
 *   DOWN    - 503 every time
 * Anything else streams STREAM_PIECES with a short pause between them.
 */

export const STREAM_PIECES = ['Hello', ' there,', ' it is', ' so lovely', ' to hear', ' from you!'];
export const COMPLETION_TEXT = 'Hi, I am so glad you wrote to me!';

export type LoopbackRequest = {
  url: string;
  authorization: string | undefined;
  body: {
    model: string;
    stream?: boolean;
    max_tokens?: number;
    messages: Array<{ role: string; content: string }>;
  };
};

export type LlmLoopback = {
  /** Base URL without /v1. */
  url: string;
  requests: LoopbackRequest[];
  /** Pause between streamed pieces. */
  pieceDelayMs: number;
  close: () => Promise<void>;
};

const chunk = (payload: unknown) => `data: ${JSON.stringify(payload)}\n\n`;
const delta = (content: string, finish: string | null = null, role?: string) => ({
  id: 'chatcmpl-loopback',
  object: 'chat.completion.chunk',
  created: Math.floor(Date.now() / 1000),
  model: 'test',
  choices: [
    {
      index: 0,
      delta: { ...(role ? { role } : {}), ...(content ? { content } : {}) },
      finish_reason: finish,
    },
  ],
});

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const p of req) parts.push(p as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startLlmLoopback(): Promise<LlmLoopback> {
  const seen = new Map<string, number>();
  const open = new Set<ServerResponse>();
  const state: LlmLoopback = { url: '', requests: [], pieceDelayMs: 60, close: async () => undefined };

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(raw) as LoopbackRequest['body'];
      state.requests.push({ url: req.url, authorization: req.headers.authorization, body });
      const lastUser = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
      const marker = /\b(STALL|MIDFAIL|FLAKY|BUSY|DOWN)\b/.exec(lastUser)?.[1] ?? 'OK';
      const count = (seen.get(lastUser) ?? 0) + 1;
      seen.set(lastUser, count);

      if (marker === 'DOWN' || (marker === 'FLAKY' && count === 1)) {
        res.writeHead(marker === 'DOWN' ? 503 : 500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'the model is overloaded', type: 'server_error' } }));
        return;
      }
      if (marker === 'BUSY' && count === 1) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
        res.end(JSON.stringify({ error: { message: 'rate limit reached', type: 'rate_limit' } }));
        return;
      }
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-loopback',
            object: 'chat.completion',
            model: body.model,
            choices: [
              { index: 0, message: { role: 'assistant', content: COMPLETION_TEXT }, finish_reason: 'stop' },
            ],
          }),
        );
        return;
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      open.add(res);
      res.on('close', () => open.delete(res));
      res.write(chunk(delta('', null, 'assistant')));
      if (marker === 'STALL') return; // silence until the client gives up
      if (marker === 'MIDFAIL') {
        res.write(chunk(delta('I was just')));
        await sleep(state.pieceDelayMs);
        res.write(chunk(delta(' about to say')));
        await sleep(state.pieceDelayMs * 2);
        res.write(chunk({ error: { message: 'upstream connection lost', type: 'server_error' } }));
        res.end();
        return;
      }
      for (const piece of STREAM_PIECES) {
        await sleep(state.pieceDelayMs);
        if (res.destroyed) return;
        res.write(chunk(delta(piece)));
      }
      res.write(chunk(delta('', 'stop')));
      res.write('data: [DONE]\n\n');
      res.end();
    })().catch((err: unknown) => {
      res.destroy(err instanceof Error ? err : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = async () => {
    for (const r of open) r.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}
