import { describe, expect, it } from 'vitest';
import { LlmError, chatCompletionsUrl, createOpenAiClient } from './openai-client.ts';

describe('chatCompletionsUrl', () => {
  it.each([
    ['http://localhost:11434', 'http://localhost:11434/v1/chat/completions'],
    ['http://localhost:11434/', 'http://localhost:11434/v1/chat/completions'],
    ['http://127.0.0.1:8000/v1', 'http://127.0.0.1:8000/v1/chat/completions'],
    ['https://api.example.com/v1/', 'https://api.example.com/v1/chat/completions'],
    ['https://gw.example.com/openai/v1', 'https://gw.example.com/openai/v1/chat/completions'],
  ])('%s → %s', (base, url) => {
    expect(chatCompletionsUrl(base)).toBe(url);
  });
});

/** A fetch that answers from a list of canned responses, recording each request. */
function fakeFetch(responses: Array<() => Response>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fn = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: url instanceof Request ? url.url : url.toString(), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    return next();
  }) as typeof fetch;
  return { fn, calls };
}

const sse = (body: string) =>
  new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });

const client = (f: typeof fetch, over: Partial<Parameters<typeof createOpenAiClient>[0]> = {}) =>
  createOpenAiClient({
    baseUrl: 'http://llm.test',
    apiKey: 'sk-secret',
    model: 'm',
    timeoutMs: 1000,
    idleTimeoutMs: 1000,
    retries: 2,
    retryBaseMs: 1,
    fetch: f,
    ...over,
  });

const req = { messages: [{ role: 'user' as const, content: 'hi' }], maxTokens: 50 };

describe('streaming', () => {
  it('reads CRLF-separated events, multi-line data, comments, and delivers the text so far', async () => {
    const body =
      ': keep-alive\r\n\r\n' +
      'data: {"choices":[{"delta":{"role":"assistant"}}]}\r\n\r\n' +
      'data: {"choices":[{"delta":{"content":"Hel"}}]}\r\n\r\n' +
      'event: message\ndata: {"choices":[{"delta":\ndata: {"content":"lo"}}]}\n\n' +
      'data: {"choices":[{"delta":{},"finish_reason":"stop"}]}\n\n' +
      'data: [DONE]\n\n';
    const f = fakeFetch([() => sse(body)]);
    const seen: string[] = [];
    const out = await client(f.fn).stream(req, (t) => seen.push(t));
    expect(out).toEqual({ text: 'Hello', attempts: 1, finishReason: 'stop' });
    expect(seen).toEqual(['Hel', 'Hello']);
    const sent = JSON.parse(f.calls[0]!.init.body as string) as Record<string, unknown>;
    expect(sent).toMatchObject({ model: 'm', stream: true, max_tokens: 50 });
    expect((f.calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer sk-secret');
  });

  it('accepts a server that ignores stream: true and answers one JSON completion', async () => {
    const f = fakeFetch([
      () =>
        Response.json({
          choices: [{ message: { role: 'assistant', content: 'Whole answer' }, finish_reason: 'stop' }],
        }),
    ]);
    expect((await client(f.fn).stream(req)).text).toBe('Whole answer');
  });

  it('treats a stream cut before [DONE] and without a finish reason as a failure, and retries it', async () => {
    const f = fakeFetch([
      () => sse('data: {"choices":[{"delta":{"role":"assistant"}}]}\n\n'),
      () => sse('data: {"choices":[{"delta":{"content":"ok"}}]}\n\ndata: [DONE]\n\n'),
    ]);
    const out = await client(f.fn).stream(req);
    expect(out).toMatchObject({ text: 'ok', attempts: 2 });
  });

  it('does not retry a 400 or 401 and never puts the key in the error', async () => {
    for (const status of [400, 401]) {
      const f = fakeFetch([() => Response.json({ error: { message: 'bad request' } }, { status })]);
      const err = await client(f.fn)
        .stream(req)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LlmError);
      expect((err as LlmError).status).toBe(status);
      expect((err as LlmError).message).toContain('bad request');
      expect((err as LlmError).message).not.toContain('sk-secret');
      expect(f.calls).toHaveLength(1);
    }
  });

  it('gives up after the configured retries on 503', async () => {
    const f = fakeFetch(Array.from({ length: 3 }, () => () => new Response('busy', { status: 503 })));
    const err = (await client(f.fn)
      .stream(req)
      .catch((e: unknown) => e)) as LlmError;
    expect(err.kind).toBe('http');
    expect(f.calls).toHaveLength(3);
  });

  it('honours Retry-After on 429', async () => {
    const f = fakeFetch([
      () => new Response('slow down', { status: 429, headers: { 'retry-after': '0.2' } }),
      () => sse('data: {"choices":[{"delta":{"content":"ok"},"finish_reason":"stop"}]}\n\n'),
    ]);
    const t0 = Date.now();
    await client(f.fn).stream(req);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(180);
  });
});

describe('complete', () => {
  it('returns the message content', async () => {
    const f = fakeFetch([() => Response.json({ choices: [{ message: { content: '  A summary.  ' } }] })]);
    expect(await client(f.fn).complete(req)).toBe('A summary.');
    expect(JSON.parse(f.calls[0]!.init.body as string)).toMatchObject({ stream: false });
  });
});
