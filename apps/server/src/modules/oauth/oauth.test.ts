import type { FastifyBaseLogger } from 'fastify';
import type { OAuthProvider } from '@amora/shared/oauth.ts';
import { eq } from 'drizzle-orm';
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthIdentities } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import { bearer, createTestApp, signUp, uniqueEmail, type TestApp } from '../../test/test-app.ts';
import { startOAuthFake, type OAuthFake } from './oauth-fake.ts';
import { placeholderEmail, safeReturnTo } from './oauth.service.ts';

const PUBLIC_URL = 'http://127.0.0.1:3999';
let fake: OAuthFake;
let t: TestApp;
/** Every error-level line the server logs: a refused sign-in is a warning, never an error. */
const errorLogs: unknown[] = [];
const capture = (...args: unknown[]) => void errorLogs.push(args);
const logger = {
  level: 'info',
  fatal: capture,
  error: capture,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => logger,
} as unknown as FastifyBaseLogger;

const secretOf = (p: string) => `${p}-secret`;

beforeAll(async () => {
  const apple = await generateKeyPair('ES256', { extractable: true });
  const applePublicKeyPem = await exportSPKI(apple.publicKey);
  fake = await startOAuthFake({
    clients: {
      google: { clientId: 'google-client', clientSecret: secretOf('google') },
      facebook: { clientId: 'facebook-client', clientSecret: secretOf('facebook') },
      discord: { clientId: 'discord-client', clientSecret: secretOf('discord') },
      x: { clientId: 'x-client', clientSecret: secretOf('x') },
      apple: {
        clientId: 'com.example.amora',
        applePublicKeyPem,
        appleTeamId: 'TEAM123456',
        appleKeyId: 'KEY1234567',
      },
    },
  });
  t = await createTestApp(
    {
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: secretOf('google'),
      OAUTH_GOOGLE_URL: fake.base('google'),
      FACEBOOK_CLIENT_ID: 'facebook-client',
      FACEBOOK_CLIENT_SECRET: secretOf('facebook'),
      OAUTH_FACEBOOK_URL: fake.base('facebook'),
      DISCORD_CLIENT_ID: 'discord-client',
      DISCORD_CLIENT_SECRET: secretOf('discord'),
      OAUTH_DISCORD_URL: fake.base('discord'),
      X_CLIENT_ID: 'x-client',
      X_CLIENT_SECRET: secretOf('x'),
      OAUTH_X_URL: fake.base('x'),
      APPLE_CLIENT_ID: 'com.example.amora',
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY1234567',
      // As an operator pastes it into a one-line env file.
      APPLE_PRIVATE_KEY: (await exportPKCS8(apple.privateKey)).replace(/\n/g, '\\n'),
      OAUTH_APPLE_URL: fake.base('apple'),
    },
    { logger },
  );
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Flow = { start: string; callback: { status: number; location: string; setCookie: string[] } };

/** The browser's part: our /signin, the provider's /authorize, back to our callback (with the state cookie). */
async function flow(
  provider: OAuthProvider,
  opts: {
    returnTo?: string;
    lang?: string;
    cookie?: (c: string) => string;
    mutate?: (q: URLSearchParams) => void;
    /** Connecting from the profile of the user with this access token (POST /link), not signing in. */
    linkAs?: string;
  } = {},
): Promise<Flow> {
  const q = new URLSearchParams();
  if (opts.returnTo) q.set('returnTo', opts.returnTo);
  if (opts.lang) q.set('lang', opts.lang);
  const start = opts.linkAs
    ? await t.app.inject({
        method: 'POST',
        url: `/api/auth/${provider}/link`,
        headers: bearer({ token: opts.linkAs }),
        payload: opts.returnTo ? { returnTo: opts.returnTo } : {},
      })
    : await t.app.inject({ method: 'GET', url: `/api/auth/${provider}/signin?${q.toString()}` });
  expect(start.statusCode).toBe(opts.linkAs ? 200 : 302);
  const startUrl = opts.linkAs ? start.json<{ url: string }>().url : start.headers.location!;
  const state = start.cookies.find((c) => c.name === `amora_oauth_${provider}`);
  expect(state?.httpOnly).toBe(true);
  const authorize = await fetch(startUrl, { redirect: 'manual' });
  let back: URL;
  if (provider === 'apple') {
    // Apple posts a form to the callback (response_mode=form_post); we turn it into a GET (303).
    const html = await authorize.text();
    const fields = new URLSearchParams();
    for (const m of html.matchAll(/name="([^"]+)" value="([^"]*)"/g))
      fields.set(
        m[1]!,
        m[2]!
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&')
          .replace(/&#39;/g, "'")
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>'),
      );
    const post = await t.app.inject({
      method: 'POST',
      url: `/api/auth/apple/callback`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: fields.toString(),
    });
    expect(post.statusCode).toBe(303);
    back = new URL(post.headers.location!, PUBLIC_URL);
  } else {
    expect(authorize.status).toBe(302);
    back = new URL(authorize.headers.get('location')!);
  }
  expect(back.pathname).toBe(`/api/auth/${provider}/callback`);
  opts.mutate?.(back.searchParams);
  const cookieValue = opts.cookie ? opts.cookie(state!.value) : state!.value;
  const cb = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}?${back.searchParams.toString()}`,
    cookies: cookieValue ? { [`amora_oauth_${provider}`]: cookieValue } : {},
  });
  const setCookie = ([] as string[]).concat(cb.headers['set-cookie'] ?? []);
  return {
    start: startUrl,
    callback: { status: cb.statusCode, location: cb.headers.location!, setCookie },
  };
}

/** The session a successful callback left in the browser: refresh → access token → the user. */
async function sessionOf(f: Flow) {
  const refresh = f.callback.setCookie.find((c) => c.startsWith('amora_refresh='));
  expect(refresh, `no session: ${f.callback.location}`).toBeTruthy();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { cookie: refresh!.split(';')[0]! },
  });
  expect(res.statusCode).toBe(200);
  const token = res.json<{ accessToken: string }>().accessToken;
  const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer({ token }) });
  return {
    token,
    user: me.json<{
      user: {
        _id: string;
        email: string;
        name: string | null;
        language: string;
        tokens: number;
        emailVerified: boolean;
      };
    }>().user,
  };
}

const errorOf = (f: Flow) => new URL(f.callback.location, PUBLIC_URL).searchParams.get('oauth_error');

describe('sign-in providers (decision 110)', () => {
  it('lists only the enabled providers; a server without them lists none and sends /signin back with disabled', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ providers: ['google', 'facebook', 'apple', 'discord', 'x'] });
    const bare = await createTestApp({ GOOGLE_CLIENT_ID: 'only-id-is-not-enough' }).catch((e: Error) => e);
    expect(bare).toBeInstanceOf(Error);
    expect((bare as Error).message).toContain(
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
    const plain = await createTestApp({ DISCORD_CLIENT_ID: 'd', DISCORD_CLIENT_SECRET: 's' });
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
        providers: ['discord'],
      });
      const x = await plain.app.inject({ method: 'GET', url: '/api/auth/x/signin' });
      expect(x.statusCode).toBe(302);
      expect(x.headers.location).toBe('/auth/signin?oauth_error=disabled&provider=x');
    } finally {
      await plain.close();
    }
  }, 180_000); // it builds a second app: slow on a busy machine

  it('GET /api/auth/x/signin redirects to X with state and an S256 PKCE challenge (SPEC §7)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/x/signin' });
    expect(res.statusCode).toBe(302);
    const to = new URL(res.headers.location!);
    expect(`${to.origin}${to.pathname}`).toBe(`${fake.base('x')}/authorize`);
    expect(to.searchParams.get('client_id')).toBe('x-client');
    expect(to.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/x/callback`);
    expect(to.searchParams.get('response_type')).toBe('code');
    expect(to.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    // The verifier stays on our side, sealed: the cookie shows neither it nor the state in clear.
    const cookie = res.cookies.find((c) => c.name === 'amora_oauth_x')!;
    expect(cookie.value).not.toContain(to.searchParams.get('state'));
    expect(cookie.path).toBe('/api/auth/x/callback');
    expect(cookie.sameSite?.toLowerCase()).toBe('lax');
  });

  it('Google (OpenID): a new account, signed in, with the verified email, the first name and the language', async () => {
    const email = uniqueEmail('google');
    fake.signInAs('google', { sub: 'g-1001', email, emailVerified: true, name: 'Maria Ivanova' });
    const f = await flow('google', { returnTo: '/chats', lang: 'ru' });
    const start = new URL(f.start);
    expect(start.searchParams.get('nonce')).toBeTruthy();
    expect(start.searchParams.get('scope')).toBe('openid email profile');
    expect(f.callback.status).toBe(302);
    expect(f.callback.location).toBe('/chats');
    // The state cookie is used up.
    expect(f.callback.setCookie.some((c) => c.startsWith('amora_oauth_google=;'))).toBe(true);
    const { user, token } = await sessionOf(f);
    expect(user).toMatchObject({ email, name: 'Maria', language: 'ru', tokens: 500, emailVerified: true });
    const ids = await t.app.inject({
      method: 'GET',
      url: '/api/auth/identities',
      headers: bearer({ token }),
    });
    expect(ids.json()).toMatchObject({ identities: [{ provider: 'google', email }] });
    // The token request carried the PKCE verifier and the client's secret.
    const req = fake.tokenRequests.at(-1)!;
    expect(req.params.code_verifier).toMatch(/^[\w-]{43,}$/);
    expect(req.params.client_secret).toBe(secretOf('google'));

    // Again: the same account, no second welcome bonus.
    fake.signInAs('google', { sub: 'g-1001', email, emailVerified: true });
    const again = await sessionOf(await flow('google'));
    expect(again.user._id).toBe(user._id);
    expect(again.user.tokens).toBe(500);
  });

  it('Apple (OpenID, form_post, ES256 client secret, nonce): a new account', async () => {
    const email = uniqueEmail('apple');
    fake.signInAs('apple', { sub: '001234.abcdef.1234', email, emailVerified: true, name: 'Anna Smith' });
    const f = await flow('apple');
    const start = new URL(f.start);
    expect(start.searchParams.get('response_mode')).toBe('form_post');
    expect(start.searchParams.get('nonce')).toBeTruthy();
    expect(f.callback.location).toBe('/');
    const { user } = await sessionOf(f);
    expect(user).toMatchObject({ email, name: 'Anna', emailVerified: true });
  });

  it.each([
    ['discord', true],
    ['x', true],
    ['facebook', false],
  ] as const)(
    '%s (OAuth 2.0 + profile): a new account; its email is used only when the provider confirms it',
    async (provider, trusted) => {
      const email = uniqueEmail(provider);
      fake.signInAs(provider, { sub: `${provider}-77`, email, emailVerified: true, name: 'Olga K' });
      const f = await flow(provider);
      expect(f.callback.location).toBe('/');
      const { user } = await sessionOf(f);
      expect(user.name).toBe('Olga');
      expect(user.email).toBe(trusted ? email : placeholderEmail(provider, `${provider}-77`));
      if (provider === 'x') expect(fake.tokenRequests.at(-1)!.params.client_secret).toBeUndefined(); // HTTP Basic
    },
  );

  it('a Discord address the provider has not verified is not used for the account', async () => {
    const email = uniqueEmail('discord-unverified');
    fake.signInAs('discord', { sub: 'd-unverified', email, emailVerified: false });
    const { user } = await sessionOf(await flow('discord'));
    expect(user.email).toBe(placeholderEmail('discord', 'd-unverified'));
  });

  describe('linking to an existing email account', () => {
    it('refuses while the account has not confirmed its email; links once it has', async () => {
      const owner = await signUp(t.app);
      fake.signInAs('google', { sub: 'g-link-1', email: owner.email, emailVerified: true });
      const refused = await flow('google');
      expect(refused.callback.location).toBe('/auth/signin?oauth_error=account_unverified&provider=google');
      expect(refused.callback.setCookie.some((c) => c.startsWith('amora_refresh='))).toBe(false);

      await t.app.ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner.userId));
      fake.signInAs('google', { sub: 'g-link-1', email: owner.email, emailVerified: true });
      const { user } = await sessionOf(await flow('google'));
      expect(user._id).toBe(owner.userId);
      const rows = await t.app.ctx.db
        .select()
        .from(oauthIdentities)
        .where(eq(oauthIdentities.userId, owner.userId));
      expect(rows).toMatchObject([{ provider: 'google', subject: 'g-link-1', emailVerified: true }]);
    });

    it('refuses when the provider does not vouch for the address (Facebook, Discord unverified): no takeover', async () => {
      const owner = await signUp(t.app);
      await t.app.ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner.userId));
      fake.signInAs('facebook', { sub: 'fb-attacker', email: owner.email });
      expect(errorOf(await flow('facebook'))).toBe('provider_unverified');
      fake.signInAs('discord', { sub: 'd-attacker', email: owner.email, emailVerified: false });
      expect(errorOf(await flow('discord'))).toBe('provider_unverified');
      const rows = await t.app.ctx.db
        .select()
        .from(oauthIdentities)
        .where(eq(oauthIdentities.userId, owner.userId));
      expect(rows).toEqual([]);
    });
  });

  describe('refusals: a redirect with a code, never a session, never a 500', () => {
    it('a state that does not match the cookie, or no cookie at all', async () => {
      expect(errorOf(await flow('discord', { mutate: (q) => q.set('state', 'a'.repeat(43)) }))).toBe('state');
      expect(errorOf(await flow('discord', { cookie: () => '' }))).toBe('state');
      expect(errorOf(await flow('discord', { cookie: (c) => `${c.slice(0, -4)}AAAA` }))).toBe('state');
      // Another provider's cookie does not open this one.
      const google = await t.app.inject({ method: 'GET', url: '/api/auth/google/signin' });
      const sealed = google.cookies.find((c) => c.name === 'amora_oauth_google')!.value;
      expect(errorOf(await flow('discord', { cookie: () => sealed }))).toBe('state');
    });

    it('a PKCE verifier that does not match the challenge: the token endpoint refuses the code', async () => {
      // The code is sent back with another sign-in's cookie (and state): its verifier differs.
      const other = await t.app.inject({ method: 'GET', url: '/api/auth/x/signin' });
      const otherCookie = other.cookies.find((c) => c.name === 'amora_oauth_x')!.value;
      const otherState = new URL(other.headers.location!).searchParams.get('state')!;
      const f = await flow('x', { cookie: () => otherCookie, mutate: (q) => q.set('state', otherState) });
      expect(errorOf(f)).toBe('code');
      expect(fake.tokenRequests.at(-1)!.error).toBe('invalid_grant');
    });

    it('a replayed callback: the cookie is gone, and the code is used up at the provider', async () => {
      fake.signInAs('discord', { sub: 'd-replay', email: uniqueEmail('replay'), emailVerified: true });
      let saved: { url: string; cookie: string } | undefined;
      const f = await flow('discord', {
        cookie: (c) => c,
        mutate: (q) => {
          saved = { url: `/api/auth/discord/callback?${q.toString()}`, cookie: '' };
        },
      });
      expect(f.callback.location).toBe('/');
      // Replayed without the cookie (the browser dropped it): state.
      const replay = await t.app.inject({ method: 'GET', url: saved!.url });
      expect(replay.headers.location).toContain('oauth_error=state');
      // Replayed with a fresh cookie of a new sign-in whose state is forced into the link: the code is spent.
      const fresh = await t.app.inject({ method: 'GET', url: '/api/auth/discord/signin' });
      const freshCookie = fresh.cookies.find((c) => c.name === 'amora_oauth_discord')!.value;
      const freshState = new URL(fresh.headers.location!).searchParams.get('state')!;
      const u = new URL(saved!.url, PUBLIC_URL);
      u.searchParams.set('state', freshState);
      const spent = await t.app.inject({
        method: 'GET',
        url: `${u.pathname}${u.search}`,
        cookies: { amora_oauth_discord: freshCookie },
      });
      expect(spent.headers.location).toContain('oauth_error=code');
    });

    it('a forged ID token (signed with a key not in the JWKS) is refused', async () => {
      fake.signInAs('google', { sub: 'g-forged', email: uniqueEmail('forged'), emailVerified: true });
      fake.forgeNextIdToken('google');
      expect(errorOf(await flow('google'))).toBe('token');
      fake.forgeNextIdToken('apple');
      expect(errorOf(await flow('apple'))).toBe('token');
    });

    it.each([
      ['another audience', { aud: 'someone-else' }],
      ['another issuer', { iss: 'https://evil.example' }],
      ['another nonce', { nonce: 'not-the-one-we-sent' }],
      ['expired', { exp: Math.floor(Date.now() / 1000) - 3600 }],
    ])('an ID token with %s is refused', async (_what, claims) => {
      fake.signInAs('google', { sub: 'g-tampered', email: uniqueEmail('tampered'), emailVerified: true });
      fake.tamperNextIdToken('google', claims);
      expect(errorOf(await flow('google'))).toBe('token');
    });

    it('the person cancels at the provider; the provider answers an error; the code is missing', async () => {
      fake.denyNext('discord');
      const denied = await flow('discord');
      expect(denied.callback.location).toBe('/auth/signin?oauth_error=denied&provider=discord');
      expect(errorOf(await flow('discord', { mutate: (q) => q.set('error', 'server_error') }))).toBe(
        'provider',
      );
      expect(errorOf(await flow('discord', { mutate: (q) => q.delete('code') }))).toBe('code');
    });

    it('hostile input answers 400: an oversize code, a NUL, an unknown provider', async () => {
      const big = await t.app.inject({
        method: 'GET',
        url: `/api/auth/google/callback?code=${'a'.repeat(5000)}&state=x`,
      });
      expect(big.statusCode).toBe(400);
      const nul = await t.app.inject({ method: 'GET', url: '/api/auth/google/callback?code=a%00b&state=x' });
      expect(nul.statusCode).toBe(400);
      const unknown = await t.app.inject({ method: 'GET', url: '/api/auth/myspace/signin' });
      expect(unknown.statusCode).toBe(400);
      const post = await t.app.inject({
        method: 'POST',
        url: '/api/auth/apple/callback',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `code=${'b'.repeat(20_000)}`,
      });
      expect(post.statusCode).toBe(413);
    });

    it('no refusal above was a 500', () => {
      expect(errorLogs).toEqual([]);
    });
  });

  describe('accounts that are banned, paused or deleted behave as with a password', () => {
    it('a banned account signs in (and sees why, decision 013); a paused one is reactivated', async () => {
      fake.signInAs('discord', { sub: 'd-state', email: uniqueEmail('state'), emailVerified: true });
      const first = await sessionOf(await flow('discord'));
      await t.app.ctx.db
        .update(users)
        .set({ banned: true, bannedReason: 'spam', pausedAt: new Date() })
        .where(eq(users.id, first.user._id));
      await t.app.ctx.services.users.setBan(first.user._id, 'spam');
      fake.signInAs('discord', { sub: 'd-state' });
      const again = await sessionOf(await flow('discord'));
      expect(again.user._id).toBe(first.user._id);
      expect(again.user).toMatchObject({ banned: { is: true, reason: 'spam' } });
      const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, first.user._id));
      expect(row!.pausedAt).toBeNull();
    });

    it('a deleted account is not signed into: the provider account starts a new one', async () => {
      const email = uniqueEmail('deleted');
      fake.signInAs('google', { sub: 'g-deleted', email, emailVerified: true });
      const first = await sessionOf(await flow('google'));
      const del = await t.app.inject({
        method: 'POST',
        url: '/api/user/delete',
        headers: bearer(first),
        payload: { confirm: true },
      });
      expect(del.statusCode).toBeLessThan(300);
      fake.signInAs('google', { sub: 'g-deleted', email, emailVerified: true });
      const second = await sessionOf(await flow('google'));
      expect(second.user._id).not.toBe(first.user._id);
      expect(second.user.email).toBe(email);
    });
  });

  it('the routes are in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(doc.paths['/api/auth/providers']!)).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/auth/identities']!)).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/auth/{provider}/signin']!)).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/auth/{provider}/callback']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/auth/{provider}/link']!)).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/auth/identities/{provider}']!)).toEqual(['delete']);
  });

  it('returnTo is a path of ours, never another site', () => {
    expect(safeReturnTo('/chats?chat=1')).toBe('/chats?chat=1');
    expect(safeReturnTo('//evil.example')).toBe('/');
    expect(safeReturnTo('https://evil.example')).toBe('/');
    expect(safeReturnTo('/\\evil.example')).toBe('/');
    expect(safeReturnTo('/api/auth/logout')).toBe('/');
    expect(safeReturnTo(undefined)).toBe('/');
  });
});

describe('connecting a provider from the profile', () => {
  const identitiesOf = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/identities', headers: bearer({ token }) }))
      .json<{ identities: { provider: string }[] }>()
      .identities.map((i) => i.provider);
  const unlink = (token: string, provider: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/auth/identities/${provider}`, headers: bearer({ token }) });

  it('links a provider account to the signed-in user, keeps the session, and signs in with it afterwards', async () => {
    const me = await signUp(t.app);
    // Another address than the account's, and the account's own is not confirmed: the person proves
    // both sides here (her session and the provider's consent), so no email has to match.
    fake.signInAs('google', { sub: 'g-profile-1', email: uniqueEmail('other'), emailVerified: true });
    const f = await flow('google', { linkAs: me.token });
    expect(f.callback.status).toBe(302);
    expect(f.callback.location).toBe('/profile?linked=google');
    expect(f.callback.setCookie.some((c) => c.startsWith('amora_refresh='))).toBe(false);
    expect(await identitiesOf(me.token)).toEqual(['google']);
    fake.signInAs('google', { sub: 'g-profile-1', email: uniqueEmail('other'), emailVerified: true });
    const { user } = await sessionOf(await flow('google'));
    expect(user._id).toBe(me.userId);
  });

  it('never takes a provider account that belongs to someone else, nor a second one of a provider', async () => {
    const owner = await signUp(t.app);
    fake.signInAs('discord', { sub: 'd-owned' });
    expect((await flow('discord', { linkAs: owner.token })).callback.location).toBe(
      '/profile?linked=discord',
    );
    const other = await signUp(t.app);
    fake.signInAs('discord', { sub: 'd-owned' });
    const taken = await flow('discord', { linkAs: other.token, returnTo: '/profile?tab=1' });
    expect(taken.callback.location).toBe('/profile?tab=1&oauth_error=already_linked&provider=discord');
    expect(await identitiesOf(other.token)).toEqual([]);
    fake.signInAs('discord', { sub: 'd-second' });
    const second = await flow('discord', { linkAs: owner.token });
    expect(errorOf(second)).toBe('another_linked');
    // Connecting the same account again is harmless.
    fake.signInAs('discord', { sub: 'd-owned' });
    expect((await flow('discord', { linkAs: owner.token })).callback.location).toBe(
      '/profile?linked=discord',
    );
    expect(await identitiesOf(owner.token)).toEqual(['discord']);
  });

  it('a failed or cancelled connection goes back to the profile, and /link needs a session and a known provider', async () => {
    const me = await signUp(t.app);
    const denied = await flow('google', {
      linkAs: me.token,
      mutate: (q) => {
        q.delete('code');
        q.set('error', 'access_denied');
      },
    });
    expect(denied.callback.location).toBe('/profile?oauth_error=denied&provider=google');
    const noSession = await t.app.inject({ method: 'POST', url: '/api/auth/google/link', payload: {} });
    expect(noSession.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/myspace/link',
      headers: bearer(me),
      payload: {},
    });
    expect(unknown.statusCode).toBe(400);
    // Only a path of ours to come back to.
    fake.signInAs('x', { sub: 'x-link-1' });
    const away = await flow('x', { linkAs: me.token, returnTo: 'https://evil.example/profile' });
    expect(away.callback.location).toBe('/?linked=x');
  });

  it('disconnects a provider, but never the last way to sign in, even with two requests at once', async () => {
    const withPassword = await signUp(t.app);
    fake.signInAs('google', { sub: 'g-unlink-1' });
    await flow('google', { linkAs: withPassword.token });
    const removed = await unlink(withPassword.token, 'google');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ identities: [] });
    expect((await unlink(withPassword.token, 'google')).statusCode).toBe(404);

    // An account made by a provider has no password: its only provider stays.
    fake.signInAs('discord', { sub: 'd-only-1' });
    const only = await sessionOf(await flow('discord'));
    const last = await unlink(only.token, 'discord');
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 'CONFLICT' });
    // In the reader's language.
    await t.app.inject({
      method: 'POST',
      url: '/api/user/language',
      headers: bearer({ token: only.token }),
      payload: { language: 'ru' },
    });
    const ru = await unlink(only.token, 'discord');
    expect(ru.json<{ message: string }>().message).toContain('единственный способ входа');
    fake.signInAs('x', { sub: 'x-only-1' });
    await flow('x', { linkAs: only.token });
    expect(await identitiesOf(only.token)).toEqual(['discord', 'x']);
    const both = await Promise.all([unlink(only.token, 'discord'), unlink(only.token, 'x')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await identitiesOf(only.token)).toHaveLength(1);
  });
});
