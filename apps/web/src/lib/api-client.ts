import { isApiErrorBody } from '@amora/shared/rules.ts';
import i18next from 'i18next';

/** An error answered by the API (`{ statusCode, code, message }`), or a network failure (statusCode 0). */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;

  constructor(statusCode: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export type ApiClientOptions = {
  baseUrl?: string;
  /** The current access token (kept in memory by the auth store). */
  getToken: () => string | null;
  /** Stores a token obtained by a refresh. */
  setToken: (token: string) => void;
  /** Called once a refresh has failed: the session is over (clear user, chats, socket, token). */
  onSessionExpired: () => void;
  /** Sees every error the API answers (e.g. 403 BANNED opens the ban modal wherever it comes from). */
  onError?: (error: ApiError) => void;
  /** The interface language, sent as `Accept-Language` so server messages come in it (decision 025). */
  getLanguage?: () => string | null | undefined;
  fetch?: typeof fetch;
};

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
  /** Do not try a refresh on 401 (sign-in and friends answer 401 for bad credentials). */
  skipAuthRetry?: boolean;
  /** Answer the body as a Blob (files such as an exported card), not parsed JSON. */
  blob?: boolean;
};

export type ApiClient = {
  request: <T>(path: string, options?: RequestOptions) => Promise<T>;
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => Promise<T>;
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => Promise<T>;
  /** POST /auth/refresh once, shared by every concurrent caller. Resolves to the new token or null. */
  refreshAccessToken: () => Promise<string | null>;
};

const AUTH_PATHS = [
  '/auth/sign-in',
  '/auth/sign-up',
  '/auth/refresh',
  '/auth/logout',
  '/auth/reset-password',
  '/auth/recovery',
];

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  let url = `${baseUrl}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(response: Response, body: unknown): ApiError {
  if (isApiErrorBody(body)) return new ApiError(body.statusCode, body.code, body.message);
  return new ApiError(
    response.status,
    response.status >= 500 ? 'INTERNAL_ERROR' : 'HTTP_ERROR',
    response.statusText || `HTTP ${response.status}`,
  );
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '/api';
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  let refreshing: Promise<string | null> | null = null;

  async function send(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const language = options.getLanguage?.();
    if (language) headers['Accept-Language'] = language;
    const hasBody = opts.body !== undefined;
    // A FormData body (file uploads) sets its own multipart content type with the boundary.
    const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
    if (hasBody && !isForm) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await doFetch(buildUrl(baseUrl, path, opts.query), {
        method: opts.method ?? 'GET',
        headers,
        body: isForm ? (opts.body as FormData) : hasBody ? JSON.stringify(opts.body) : undefined,
        credentials: 'include',
        signal: opts.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, 'NETWORK_ERROR', 'Network error');
    }
  }

  function refreshAccessToken(): Promise<string | null> {
    if (!refreshing) {
      refreshing = (async () => {
        try {
          // No body and no JSON content type: the refresh token travels in the httpOnly cookie.
          const response = await send('/auth/refresh', { method: 'POST' }, null);
          if (!response.ok) return null;
          const body = (await readBody(response)) as { accessToken?: unknown } | undefined;
          const token = typeof body?.accessToken === 'string' ? body.accessToken : null;
          if (token) options.setToken(token);
          return token;
        } catch {
          return null;
        }
      })().finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const token = options.getToken();
    let response = await send(path, opts, token);

    const mayRefresh = !opts.skipAuthRetry && !AUTH_PATHS.some((p) => path.startsWith(p));
    if (response.status === 401 && mayRefresh) {
      // Another request may already have refreshed while this one was in flight.
      const current = options.getToken();
      const fresh = current && current !== token ? current : await refreshAccessToken();
      if (!fresh) {
        options.onSessionExpired();
        throw toApiError(response, await readBody(response));
      }
      response = await send(path, opts, fresh);
      if (response.status === 401) {
        options.onSessionExpired();
      }
    }

    if (opts.blob && response.ok) return (await response.blob()) as T;
    const body = await readBody(response);
    if (!response.ok) {
      const error = toApiError(response, body);
      options.onError?.(error);
      throw error;
    }
    return body as T;
  }

  return {
    request,
    get: (path, opts) => request(path, { ...opts, method: 'GET' }),
    post: (path, body, opts) => request(path, { ...opts, method: 'POST', body }),
    refreshAccessToken,
  };
}

type AuthBridge = Pick<ApiClientOptions, 'getToken' | 'setToken' | 'onSessionExpired'> &
  Required<Pick<ApiClientOptions, 'onError'>>;

const bridge: AuthBridge = {
  getToken: () => null,
  setToken: () => undefined,
  onSessionExpired: () => undefined,
  onError: () => undefined,
};

/** Connects the app-wide client to the auth store (done once by the app providers). */
export function connectApiAuth(next: Partial<AuthBridge>): void {
  Object.assign(bridge, next);
}

/** The app-wide client: base `/api`, cookies included, bearer token from the auth store. */
export const api: ApiClient = createApiClient({
  getToken: () => bridge.getToken(),
  setToken: (token) => bridge.setToken(token),
  onSessionExpired: () => bridge.onSessionExpired(),
  onError: (error) => bridge.onError(error),
  getLanguage: () => i18next.resolvedLanguage ?? i18next.language,
});
