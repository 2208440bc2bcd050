import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client.ts';

type Call = { url: string; init: RequestInit };

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const unauthorized = () => json(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' });

/** A fake server: `/auth/refresh` issues `fresh` (once per call), other routes accept only `Bearer fresh`. */
function setup(options: { refreshOk?: boolean; initialToken?: string | null } = {}) {
  const calls: Call[] = [];
  let token: string | null = options.initialToken === undefined ? 'stale' : options.initialToken;
  let refreshes = 0;
  const onSessionExpired = vi.fn();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init: init ?? {} });
    if (url.endsWith('/auth/refresh')) {
      refreshes += 1;
      await new Promise((r) => setTimeout(r, 5));
      return options.refreshOk === false ? unauthorized() : json(200, { accessToken: `fresh-${refreshes}` });
    }
    const auth = new Headers(init?.headers).get('Authorization');
    if (!auth?.startsWith('Bearer fresh')) return unauthorized();
    return json(200, { ok: true, url });
  });
  const client = createApiClient({
    getToken: () => token,
    setToken: (t) => {
      token = t;
    },
    onSessionExpired,
    fetch: fetchMock,
  });
  return { client, calls, fetchMock, onSessionExpired, getToken: () => token, refreshCount: () => refreshes };
}

describe('api client', () => {
  it('sends the interface language as Accept-Language on every call, and none when unknown', async () => {
    let language: string | null = 'ru';
    const seen: (string | null)[] = [];
    const client = createApiClient({
      getToken: () => null,
      setToken: () => undefined,
      onSessionExpired: () => undefined,
      getLanguage: () => language,
      fetch: async (_input, init) => {
        seen.push(new Headers(init?.headers).get('Accept-Language'));
        return json(200, { ok: true });
      },
    });
    await client.get('/bots');
    await client.post('/auth/sign-in', { email: 'a@b.c', password: 'x' });
    language = 'es';
    await client.get('/bots');
    language = null;
    await client.get('/bots');
    expect(seen).toEqual(['ru', 'ru', 'es', null]);
  });

  it('the app-wide client follows the current i18n language', async () => {
    const { api } = await import('./api-client.ts');
    const { i18n, setUiLanguage } = await import('./i18n.ts');
    const seen: (string | null)[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      seen.push(new Headers(init?.headers).get('Accept-Language'));
      return json(200, { ok: true });
    });
    try {
      await setUiLanguage('ru');
      await api.get('/bots');
      await setUiLanguage('en');
      await api.get('/bots');
    } finally {
      spy.mockRestore();
    }
    expect(i18n.language).toBe('en');
    expect(seen).toEqual(['ru', 'en']);
  });

  it('reports every API error to onError (a 403 BANNED opens the ban modal wherever it comes from)', async () => {
    const onError = vi.fn();
    const client = createApiClient({
      getToken: () => 't',
      setToken: () => undefined,
      onSessionExpired: () => undefined,
      onError,
      fetch: async () => json(403, { statusCode: 403, code: 'BANNED', message: 'Spam' }),
    });
    await expect(client.post('/chat', { botId: 'b1' })).rejects.toMatchObject({
      code: 'BANNED',
      message: 'Spam',
    });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toBeInstanceOf(ApiError);
    expect(onError.mock.calls[0]![0]).toMatchObject({ statusCode: 403, code: 'BANNED', message: 'Spam' });
  });

  it('sends JSON with cookies and the bearer token to /api', async () => {
    const { client, calls } = setup({ initialToken: 'fresh-0' });
    await client.post('/chat', { botId: 'b1' });
    const [call] = calls;
    expect(call!.url).toBe('/api/chat');
    expect(call!.init.credentials).toBe('include');
    expect(call!.init.method).toBe('POST');
    expect(call!.init.body).toBe(JSON.stringify({ botId: 'b1' }));
    const headers = new Headers(call!.init.headers);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Authorization')).toBe('Bearer fresh-0');
  });

  it('on a 401 refreshes once, stores the new token and retries', async () => {
    const { client, calls, getToken, onSessionExpired } = setup();
    await expect(client.get('/user')).resolves.toMatchObject({ ok: true });
    expect(calls.map((c) => c.url)).toEqual(['/api/user', '/api/auth/refresh', '/api/user']);
    expect(getToken()).toBe('fresh-1');
    expect(new Headers(calls[2]!.init.headers).get('Authorization')).toBe('Bearer fresh-1');
    expect(onSessionExpired).not.toHaveBeenCalled();
    // The refresh carries no body (the refresh token is the httpOnly cookie).
    expect(calls[1]!.init.body).toBeUndefined();
    expect(calls[1]!.init.credentials).toBe('include');
  });

  it('shares one refresh between concurrent 401s', async () => {
    const { client, refreshCount, calls } = setup();
    const results = await Promise.all([client.get('/user'), client.get('/chat'), client.get('/wallet')]);
    expect(results).toHaveLength(3);
    expect(refreshCount()).toBe(1);
    expect(calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(1);
  });

  it('logs out when the refresh fails, and throws the 401 as an ApiError', async () => {
    const { client, onSessionExpired, refreshCount } = setup({ refreshOk: false });
    const error = await client.get('/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' });
    expect(refreshCount()).toBe(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('does not refresh for a failed sign-in', async () => {
    const fetchMock = vi.fn(async () =>
      json(401, { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Wrong email or password' }),
    );
    const onSessionExpired = vi.fn();
    const client = createApiClient({
      getToken: () => null,
      setToken: vi.fn(),
      onSessionExpired,
      fetch: fetchMock,
    });
    await expect(client.post('/auth/sign-in', { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      statusCode: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Wrong email or password',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('turns server errors into ApiError with the server message', async () => {
    const fetchMock = vi.fn(async () =>
      json(402, { statusCode: 402, code: 'INSUFFICIENT_TOKENS', message: 'Not enough tokens' }),
    );
    const client = createApiClient({
      getToken: () => 't',
      setToken: vi.fn(),
      onSessionExpired: vi.fn(),
      fetch: fetchMock,
    });
    await expect(client.post('/chat/send/c1', { message: { message: 'hi' }, type: 'text' })).rejects.toEqual(
      new ApiError(402, 'INSUFFICIENT_TOKENS', 'Not enough tokens'),
    );
  });

  it('reports a network failure as NETWORK_ERROR', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const client = createApiClient({
      getToken: () => null,
      setToken: vi.fn(),
      onSessionExpired: vi.fn(),
      fetch: fetchMock,
    });
    await expect(client.get('/bots')).rejects.toMatchObject({ statusCode: 0, code: 'NETWORK_ERROR' });
  });

  it('adds query parameters and reads empty answers', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    const client = createApiClient({
      getToken: () => null,
      setToken: vi.fn(),
      onSessionExpired: vi.fn(),
      fetch: fetchMock,
    });
    await expect(
      client.get('/chat/c1', { query: { before: 'm9', empty: undefined } }),
    ).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledWith('/api/chat/c1?before=m9', expect.anything());
  });
});
