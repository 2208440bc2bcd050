/*
 * A client for any server that speaks the OpenAI chat completions wire format
 * (`POST {base}/v1/chat/completions`): hosted APIs, vLLM, llama.cpp server, Ollama.
 * Streaming uses server-sent events: `data: {json}` lines with `choices[0].delta.content`, ended by
 * `data: [DONE]`. Time-outs cover the wait for the response and every silence between chunks;
 * failures before any text arrived are retried with exponential backoff (honouring Retry-After).
 */

export type LlmRole = 'system' | 'user' | 'assistant';
export type LlmMessage = {
  role: LlmRole;
  content: string;
  /** An image the user sent with this message (a data URL or a public URL); vision models see it. */
  image?: string;
};

/** The wire form: a message with an image becomes text + image_url content parts. */
export function toWireMessage(m: LlmMessage): { role: LlmRole; content: unknown } {
  if (!m.image) return { role: m.role, content: m.content };
  return {
    role: m.role,
    content: [
      { type: 'text', text: m.content },
      { type: 'image_url', image_url: { url: m.image } },
    ],
  };
}

export type LlmErrorKind = 'timeout' | 'http' | 'network' | 'protocol' | 'empty';

export class LlmError extends Error {
  readonly kind: LlmErrorKind;
  readonly status: number | undefined;
  readonly retryable: boolean;
  /** Milliseconds the server asked us to wait (Retry-After). */
  readonly retryAfterMs: number | undefined;
  constructor(
    kind: LlmErrorKind,
    message: string,
    opts: { status?: number; retryable?: boolean; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'LlmError';
    this.kind = kind;
    this.status = opts.status;
    this.retryable = opts.retryable ?? false;
    this.retryAfterMs = opts.retryAfterMs;
  }
}

export type OpenAiClientOptions = {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** Wait for the response headers (connect + queueing on the server). */
  timeoutMs: number;
  /** Longest silence allowed between two chunks of a streaming answer. */
  idleTimeoutMs: number;
  /** Extra attempts after the first, only while no text has been delivered. */
  retries: number;
  /** First backoff step; doubles per attempt, with jitter. */
  retryBaseMs: number;
  /** Upper bound for one wait (backoff or Retry-After). */
  maxRetryDelayMs?: number;
  fetch?: typeof fetch;
  random?: () => number;
};

export type CompletionRequest = {
  messages: LlmMessage[];
  maxTokens: number;
  temperature?: number;
};

export type StreamResult = { text: string; attempts: number; finishReason: string | null };

/**
 * `http://host:11434`, `http://host:11434/`, `http://host/v1` and `https://api.x.com/v1/` all end
 * up at `.../v1/chat/completions`.
 */
export function chatCompletionsUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, '');
  const withV1 = /\/v1$/i.test(trimmed) ? trimmed : `${trimmed}/v1`;
  return `${withV1}/chat/completions`;
}

const RETRYABLE_STATUS = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A provider error object (`{ error: { message } }` or `{ error: "..." }`), if the payload is one. */
function providerError(payload: unknown): string | null {
  if (!isObject(payload) || payload.error === undefined || payload.error === null) return null;
  const e = payload.error;
  if (typeof e === 'string') return e;
  if (isObject(e) && typeof e.message === 'string') return e.message;
  return 'provider error';
}

function firstChoice(payload: unknown): Json | null {
  if (!isObject(payload) || !Array.isArray(payload.choices)) return null;
  const c: unknown = payload.choices[0];
  return isObject(c) ? c : null;
}

/** Reads an SSE byte stream and yields the data of each event. */
async function* sseData(body: ReadableStream<Uint8Array>, idleTimeoutMs: number, abort: () => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  try {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const idle = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          abort();
          reject(
            new LlmError('timeout', `no data from the model for ${idleTimeoutMs} ms`, { retryable: true }),
          );
        }, idleTimeoutMs);
      });
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await Promise.race([reader.read(), idle]);
      } finally {
        clearTimeout(timer);
      }
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let nl: number;
      while ((nl = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + (buffer.startsWith('\r\n', nl) ? 2 : 1));
        if (line === '') {
          if (data.length) yield data.join('\n');
          data = [];
        } else if (line.startsWith('data:')) {
          data.push(line.slice(5).replace(/^ /, ''));
        }
        // Comments (": ping"), `event:`, `id:` and `retry:` lines carry nothing we need.
      }
    }
    buffer += decoder.decode();
    if (buffer.startsWith('data:')) data.push(buffer.slice(5).replace(/^ /, ''));
    if (data.length) yield data.join('\n');
  } finally {
    reader.releaseLock();
  }
}

export function createOpenAiClient(opts: OpenAiClientOptions) {
  const url = chatCompletionsUrl(opts.baseUrl);
  const doFetch = opts.fetch ?? fetch;
  const random = opts.random ?? Math.random;
  const maxDelay = opts.maxRetryDelayMs ?? 20_000;

  const headers = (): Record<string, string> => ({
    'content-type': 'application/json',
    accept: 'text/event-stream, application/json',
    ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
  });

  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  function backoff(attempt: number, err: LlmError): number {
    if (err.retryAfterMs !== undefined) return Math.min(err.retryAfterMs, maxDelay);
    const base = opts.retryBaseMs * 2 ** attempt;
    return Math.min(Math.round(base * (0.5 + random() * 0.5)), maxDelay);
  }

  /** Sends the request and waits for the headers, within timeoutMs. */
  async function open(body: Json, timeoutMs: number, controller: AbortController): Promise<Response> {
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let res: Response;
    try {
      res = await doFetch(url, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (err) {
      if (controller.signal.aborted)
        throw new LlmError('timeout', `the model did not answer within ${timeoutMs} ms`, { retryable: true });
      const cause = err instanceof Error ? err.message : String(err);
      throw new LlmError('network', `cannot reach the model server: ${cause}`, { retryable: true });
    } finally {
      clearTimeout(timer);
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      let detail = text.slice(0, 300);
      try {
        detail = providerError(JSON.parse(text)) ?? detail;
      } catch {
        /* not JSON */
      }
      throw new LlmError('http', `model server answered ${res.status}${detail ? `: ${detail}` : ''}`, {
        status: res.status,
        retryable: RETRYABLE_STATUS.has(res.status),
        retryAfterMs: parseRetryAfter(res.headers.get('retry-after')),
      });
    }
    return res;
  }

  /** One streaming attempt; `onDelta` receives the whole text so far after each chunk. */
  async function streamOnce(
    req: CompletionRequest,
    onDelta: (text: string) => void,
    progress: { text: string },
  ): Promise<{ text: string; finishReason: string | null }> {
    const controller = new AbortController();
    const res = await open(
      {
        model: opts.model,
        messages: req.messages.map(toWireMessage),
        max_tokens: req.maxTokens,
        ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
        stream: true,
      },
      opts.timeoutMs,
      controller,
    );
    const type = res.headers.get('content-type') ?? '';
    // A server that ignores `stream: true` answers with one JSON completion.
    if (!type.includes('text/event-stream')) {
      const text = await res.text();
      const payload: unknown = JSON.parse(text);
      const err = providerError(payload);
      if (err) throw new LlmError('protocol', `model error: ${err}`, { retryable: true });
      const message = firstChoice(payload)?.message;
      const content = isObject(message) && typeof message.content === 'string' ? message.content : '';
      if (content) {
        progress.text = content;
        onDelta(content);
      }
      const reason = firstChoice(payload)?.finish_reason;
      return { text: content, finishReason: typeof reason === 'string' ? reason : null };
    }
    if (!res.body) throw new LlmError('protocol', 'the model sent an empty stream', { retryable: true });
    let finishReason: string | null = null;
    let done = false;
    try {
      for await (const data of sseData(res.body, opts.idleTimeoutMs, () => controller.abort())) {
        if (data.trim() === '[DONE]') {
          done = true;
          break;
        }
        let payload: unknown;
        try {
          payload = JSON.parse(data);
        } catch {
          throw new LlmError('protocol', 'the model sent a chunk that is not JSON');
        }
        const err = providerError(payload);
        if (err) throw new LlmError('protocol', `model error mid-stream: ${err}`, { retryable: true });
        const choice = firstChoice(payload);
        const delta = choice?.delta;
        const piece = isObject(delta) && typeof delta.content === 'string' ? delta.content : '';
        if (piece) {
          progress.text += piece;
          onDelta(progress.text);
        }
        if (typeof choice?.finish_reason === 'string') finishReason = choice.finish_reason;
      }
    } catch (err) {
      controller.abort();
      if (err instanceof LlmError) throw err;
      throw new LlmError('network', `the stream broke: ${err instanceof Error ? err.message : String(err)}`, {
        retryable: true,
      });
    }
    if (!done && finishReason === null)
      throw new LlmError('protocol', 'the stream ended before [DONE]', { retryable: true });
    return { text: progress.text, finishReason };
  }

  return {
    url,
    model: opts.model,

    /**
     * Streams one completion. Attempts are retried only while nothing reached `onDelta`: once she
     * has started talking, a failure is final (the reply is failed and refunded by the caller).
     */
    async stream(
      req: CompletionRequest,
      onDelta: (text: string) => void = () => undefined,
    ): Promise<StreamResult> {
      for (let attempt = 0; ; attempt++) {
        const progress = { text: '' };
        try {
          const { text, finishReason } = await streamOnce(req, onDelta, progress);
          if (!text.trim())
            throw new LlmError('empty', 'the model answered with no text', { retryable: true });
          return { text, attempts: attempt + 1, finishReason };
        } catch (err) {
          const e =
            err instanceof LlmError
              ? err
              : new LlmError('network', err instanceof Error ? err.message : String(err), {
                  retryable: true,
                });
          if (progress.text !== '' || !e.retryable || attempt >= opts.retries) throw e;
          await sleep(backoff(attempt, e));
        }
      }
    },

    /** One completion without streaming (short housekeeping calls: summaries, greetings). */
    async complete(
      req: CompletionRequest,
      o: { timeoutMs?: number; retries?: number } = {},
    ): Promise<string> {
      const retries = o.retries ?? opts.retries;
      for (let attempt = 0; ; attempt++) {
        const controller = new AbortController();
        try {
          const res = await open(
            {
              model: opts.model,
              messages: req.messages.map(toWireMessage),
              max_tokens: req.maxTokens,
              ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
              stream: false,
            },
            o.timeoutMs ?? opts.timeoutMs,
            controller,
          );
          const timer = setTimeout(() => controller.abort(), o.timeoutMs ?? opts.timeoutMs);
          let payload: unknown;
          try {
            payload = JSON.parse(await res.text());
          } catch {
            throw new LlmError('protocol', 'the model answered with something that is not JSON', {
              retryable: true,
            });
          } finally {
            clearTimeout(timer);
          }
          const err = providerError(payload);
          if (err) throw new LlmError('protocol', `model error: ${err}`, { retryable: true });
          const message = firstChoice(payload)?.message;
          const content =
            isObject(message) && typeof message.content === 'string' ? message.content.trim() : '';
          if (!content) throw new LlmError('empty', 'the model answered with no text', { retryable: true });
          return content;
        } catch (err) {
          const e =
            err instanceof LlmError
              ? err
              : new LlmError('network', err instanceof Error ? err.message : String(err), {
                  retryable: true,
                });
          if (!e.retryable || attempt >= retries) throw e;
          await sleep(backoff(attempt, e));
        }
      }
    },
  };
}
export type OpenAiClient = ReturnType<typeof createOpenAiClient>;
