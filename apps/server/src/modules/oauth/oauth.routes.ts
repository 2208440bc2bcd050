import {
  OAuthIdentitiesResponse,
  OAuthLinkBody,
  OAuthLinkResponse,
  OAuthProvider,
  OAuthProvidersResponse,
} from '@amora/shared/oauth.ts';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { setRefreshCookie } from '../auth/refresh-cookie.ts';
import { OAUTH_STATE_TTL_S, stateCookieName } from './oauth-state.ts';
import type { CallbackOutcome, CallbackParams, OAuthService } from './oauth.service.ts';

const Params = z.object({ provider: OAuthProvider });
const StartQuery = z.object({
  returnTo: z.string().max(500).optional(),
  lang: z.string().max(8).optional(),
});
/** What a provider sends back; bounded so that hostile input answers 400 (NUL: the input guard). */
const CallbackFields = z.object({
  code: z.string().min(1).max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  iss: z.string().max(500).optional(),
  user: z.string().max(4096).optional(),
});

/** `path` (ours, maybe with a query already) with more query parameters. */
function withQuery(path: string, params: Record<string, string>): string {
  const url = new URL(path, 'http://amora.invalid');
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return `${url.pathname}${url.search}`;
}

/** Where the SPA shows why a provider sign-in failed (a failed connection: back on the profile). */
export function errorLocation(outcome: Extract<CallbackOutcome, { ok: false }>, provider: string): string {
  const params = { oauth_error: outcome.error, provider };
  if (outcome.link) return withQuery(outcome.returnTo, params);
  return `/auth/signin?${new URLSearchParams(params).toString()}`;
}

export function oauthRoutes(app: AppInstance, deps: { oauth: OAuthService; config: Config }): void {
  const { oauth } = deps;
  const secure = deps.config.PUBLIC_URL?.startsWith('https://') ?? false;
  const rateLimit = { max: deps.config.AUTH_RATE_LIMIT, timeWindow: '1 minute' };
  const cookiePath = (p: OAuthProvider) => `/api/auth/${p}/callback`;
  const noStore = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');

  app.get(
    '/api/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'The sign-in providers this server has enabled (their client id and secret are set)',
        response: { 200: OAuthProvidersResponse },
      },
    },
    async () => ({ providers: oauth.enabled() }),
  );

  app.get(
    '/api/auth/identities',
    {
      onRequest: [app.requireAuth],
      schema: {
        tags: ['auth'],
        summary: "The caller's linked sign-in providers",
        security: [{ bearer: [] }],
        response: { 200: OAuthIdentitiesResponse },
      },
    },
    async (req) => ({ identities: await oauth.identities(req.userId()) }),
  );

  const setPendingCookie = (reply: FastifyReply, provider: OAuthProvider, sealed: string) =>
    reply.setCookie(stateCookieName(provider), sealed, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: cookiePath(provider),
      maxAge: OAUTH_STATE_TTL_S,
    });

  app.post(
    '/api/auth/:provider/link',
    {
      onRequest: [app.requireAuth],
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary:
          "Connect a provider to the signed-in account (profile): answers the provider's URL to send the browser to, and keeps the pending connection in a sealed httpOnly cookie for 10 minutes. The callback links the provider account to this user (never one already connected to another account: `oauth_error=already_linked`) and 302s back to `returnTo` with `?linked=<provider>`, or with `?oauth_error=<code>&provider=<provider>`. 404 when the provider is not enabled",
        security: [{ bearer: [] }],
        params: Params,
        body: OAuthLinkBody,
        response: { 200: OAuthLinkResponse },
      },
    },
    async (req, reply) => {
      const { provider } = req.params;
      noStore(reply);
      const started = await oauth.start(provider, {
        returnTo: req.body.returnTo ?? '/profile',
        linkUserId: req.userId(),
      });
      if (!started) throw new AppError('NOT_FOUND', 'error.notFound');
      void setPendingCookie(reply, provider, started.sealed);
      return { url: started.url };
    },
  );

  app.delete(
    '/api/auth/identities/:provider',
    {
      onRequest: [app.requireAuth],
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary:
          "Disconnect a provider from the caller's account. 409 CONFLICT when it is the last way to sign in (no password, no Telegram, no other provider); 404 when it is not connected. Answers the providers still connected",
        security: [{ bearer: [] }],
        params: Params,
        response: { 200: OAuthIdentitiesResponse },
      },
    },
    async (req) => {
      await oauth.unlink(req.userId(), req.params.provider);
      return { identities: await oauth.identities(req.userId()) };
    },
  );

  app.get(
    '/api/auth/:provider/signin',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with a provider (SPEC §7 `api/auth/x/signin`): 302 to the provider with state, PKCE (S256) and, for Google and Apple, a nonce; the pending sign-in is kept in a sealed httpOnly cookie for 10 minutes. A provider that is not enabled sends the browser to /auth/signin?oauth_error=disabled',
        params: Params,
        querystring: StartQuery,
      },
    },
    async (req, reply) => {
      const { provider } = req.params;
      noStore(reply);
      const started = await oauth.start(provider, req.query);
      if (!started) return reply.redirect(`/auth/signin?oauth_error=disabled&provider=${provider}`, 302);
      void setPendingCookie(reply, provider, started.sealed);
      return reply.redirect(started.url, 302);
    },
  );

  const finish = async (
    provider: OAuthProvider,
    params: CallbackParams,
    sealed: string | undefined,
    reply: FastifyReply,
  ) => {
    noStore(reply);
    const outcome = await oauth.callback(provider, params, sealed);
    // The pending sign-in is used up either way: a replayed callback finds no state.
    void reply.clearCookie(stateCookieName(provider), {
      path: cookiePath(provider),
      httpOnly: true,
      sameSite: 'lax',
      secure,
    });
    if (!outcome.ok) return reply.redirect(errorLocation(outcome, provider), 302);
    if (!outcome.session) return reply.redirect(withQuery(outcome.returnTo, { linked: provider }), 302);
    setRefreshCookie(reply, outcome.session.refreshToken, secure);
    return reply.redirect(outcome.returnTo, 302);
  };

  app.get(
    '/api/auth/:provider/callback',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary:
          "The provider's redirect back: checks state against the cookie, exchanges the code, checks the ID token or reads the profile, then signs in (the refresh cookie, like a password sign-in) and 302s to the page the sign-in started from; a failure 302s to /auth/signin?oauth_error=<code>",
        params: Params,
        querystring: CallbackFields,
      },
    },
    async (req, reply) =>
      finish(req.params.provider, req.query, req.cookies[stateCookieName(req.params.provider)], reply),
  );

  // Apple answers with a form POSTed from its own site (response_mode=form_post). A cross-site POST
  // carries no SameSite=Lax cookie, so it is turned into a GET of the callback (303), which does.
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(
      '/api/auth/:provider/callback',
      {
        config: { rateLimit },
        schema: {
          tags: ['auth'],
          summary:
            "Apple's form_post answer (code, state, user, error): 303 to the GET callback with the same fields, so the browser sends the pending sign-in's cookie",
          params: Params,
          body: CallbackFields,
        },
      },
      async (req, reply) => {
        noStore(reply);
        const q = new URLSearchParams();
        for (const [k, v] of Object.entries(req.body)) if (typeof v === 'string') q.set(k, v);
        return reply.redirect(`/api/auth/${req.params.provider}/callback?${q.toString()}`, 303);
      },
    );
  });
}
