import { OAuthIdentitiesResponse, OAuthProvider, OAuthProvidersResponse } from '@amora/shared/oauth.ts';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import type { Config } from '../../config.ts';
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

/** Where the SPA shows why a provider sign-in failed. */
export function errorLocation(outcome: Extract<CallbackOutcome, { ok: false }>, provider: string): string {
  const q = new URLSearchParams({ oauth_error: outcome.error, provider });
  return `/auth/signin?${q.toString()}`;
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
      void reply.setCookie(stateCookieName(provider), started.sealed, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: cookiePath(provider),
        maxAge: OAUTH_STATE_TTL_S,
      });
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
