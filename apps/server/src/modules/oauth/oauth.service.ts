import { email as Email } from '@amora/shared/auth.ts';
import { Language } from '@amora/shared/enums.ts';
import type { OAuthError, OAuthProvider } from '@amora/shared/oauth.ts';
import { firstName, firstWord } from '@amora/shared/user.ts';
import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError, isUniqueViolation } from '../../lib/errors.ts';
import { newId } from '../../lib/tokens.ts';
import type { AuthService, Session } from '../auth/auth.service.ts';
import { isEmailVerified } from '../users/users.mapper.ts';
import type { UsersService } from '../users/users.service.ts';
import { specOf, type createProviderClients, type ProviderProfile } from './oauth-providers.ts';
import type { PendingSignIn, StateSealer } from './oauth-state.ts';
import type { OAuthRepository } from './oauth.repository.ts';

/** What the provider sent back to our callback (query, or Apple's form_post body). */
export type CallbackParams = {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  iss?: string | undefined;
  /** Apple: `{ name: { firstName, lastName }, email }`, on the first sign-in only. */
  user?: string | undefined;
};

/**
 * How a callback ended. A sign-in brings a session; connecting a provider from the profile (`link`)
 * keeps the session the person has, and its failures go back to the profile, not to sign-in.
 */
export type CallbackOutcome =
  | { ok: true; session: Session | null; returnTo: string; created: boolean; link: boolean }
  | { ok: false; error: OAuthError; returnTo: string; link: boolean };

type Logger = { warn: (obj: object, msg: string) => void };

const AppleUser = z.object({ name: z.object({ firstName: z.string().max(200).optional() }).optional() });

/** A path of ours to land on afterwards; anything else (another site, `//host`, the API) is home. */
export function safeReturnTo(value: string | undefined): string {
  if (!value || value.length > 500) return '/';
  if (!/^\/(?!\/)[^\s\\]*$/.test(value) || value.startsWith('/api/') || value.startsWith('/auth/'))
    return '/';
  return value;
}

/** An address for an account the provider gave no trusted email for (like Telegram's, decision 012). */
export function placeholderEmail(provider: OAuthProvider, subject: string): string {
  const h = createHash('sha256').update(`${provider}:${subject}`).digest('hex').slice(0, 24);
  return `${provider}.${h}@oauth.invalid`;
}

/**
 * Sign-in with Google, Facebook, Apple, Discord and X (decision 110): the authorization code flow
 * with state, PKCE (Apple: nonce) and, for the OpenID providers, a checked ID token (openid-client).
 * A provider account is linked to one user; an existing email account is linked only when both the
 * account and the provider vouch for the address.
 */
export function createOAuthService(deps: {
  db: Db;
  repo: OAuthRepository;
  users: UsersService;
  auth: AuthService;
  sealer: StateSealer;
  clients: ReturnType<typeof createProviderClients>;
  enabled: OAuthProvider[];
  publicUrl: string;
  log: Logger;
}) {
  const { db, repo, users, auth, sealer, clients } = deps;
  const redirectUri = (p: OAuthProvider) => `${deps.publicUrl}/api/auth/${p}/callback`;

  async function profileOf(
    provider: OAuthProvider,
    client: NonNullable<Awaited<ReturnType<typeof clients>>>,
    tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
    params: CallbackParams,
  ): Promise<ProviderProfile | null> {
    const spec = specOf(provider);
    if (spec.openid) {
      const claims = tokens.claims();
      if (!claims) return null;
      const rawEmail = typeof claims.email === 'string' ? claims.email : null;
      // Apple sends email_verified as a string ("true") in some tokens.
      const verified = claims.email_verified === true || claims.email_verified === 'true';
      let name =
        typeof claims.given_name === 'string'
          ? claims.given_name
          : typeof claims.name === 'string'
            ? claims.name
            : null;
      if (!name && params.user) {
        try {
          name = AppleUser.parse(JSON.parse(params.user)).name?.firstName ?? null;
        } catch {
          name = null;
        }
      }
      return { subject: claims.sub, email: rawEmail, emailVerified: verified && rawEmail !== null, name };
    }
    const url = new URL(client.endpoints.userinfo!);
    if (spec.userinfoQuery) url.search = spec.userinfoQuery;
    const res = await oidc.fetchProtectedResource(client.config, tokens.access_token, url, 'GET');
    if (!res.ok) return null;
    return spec.profileFrom!(await res.json().catch(() => null));
  }

  /** The user this provider account signs in as, creating or linking one when the rules allow. */
  async function resolveUser(
    provider: OAuthProvider,
    profile: ProviderProfile,
    pending: PendingSignIn,
  ): Promise<{ user: UserRow; created: boolean } | { error: OAuthError }> {
    const parsedEmail = profile.email ? Email.safeParse(profile.email) : null;
    const email = parsedEmail?.success ? parsedEmail.data : null;
    const seen = { email, emailVerified: profile.emailVerified && email !== null };

    const identity = await repo.find(db, provider, profile.subject);
    if (identity) {
      const user = await users.findById(identity.userId);
      if (user && !user.deletedAt) {
        await repo.touch(db, identity.id, seen);
        return { user, created: false };
      }
      // A deleted account's provider link is forgotten: signing in again starts a new account.
      await repo.remove(db, identity.id);
    }

    if (email) {
      const existing = await users.findByEmail(email);
      if (existing) {
        if (!seen.emailVerified) return { error: 'provider_unverified' };
        if (!isEmailVerified(existing)) return { error: 'account_unverified' };
        const linked = await repo.insert(db, {
          id: newId(),
          provider,
          subject: profile.subject,
          userId: existing.id,
          ...seen,
        });
        if (!linked) return resolveAgain(provider, profile.subject);
        return { user: existing, created: false };
      }
    }

    const name = profile.name ? firstName.safeParse(firstWord(profile.name)) : null;
    const language = Language.safeParse(pending.l);
    try {
      const user = await db.transaction(async (tx) => {
        const created = await users.create({
          email: seen.emailVerified && email ? email : placeholderEmail(provider, profile.subject),
          passwordHash: null,
          name: name?.success ? name.data : null,
          ...(language.success ? { language: language.data } : {}),
          ...(seen.emailVerified ? { emailVerifiedAt: new Date() } : {}),
          tx,
        });
        const linked = await repo.insert(tx, {
          id: newId(),
          provider,
          subject: profile.subject,
          userId: created.id,
          ...seen,
        });
        if (!linked) throw new RaceLost();
        return created;
      });
      return { user, created: true };
    } catch (err) {
      // Two callbacks of one person at once: the other one created the account.
      if (
        err instanceof RaceLost ||
        isUniqueViolation(err) ||
        (err instanceof AppError && err.code === 'EMAIL_TAKEN')
      )
        return resolveAgain(provider, profile.subject);
      throw err;
    }
  }

  /** Connects a provider account to the signed-in user who started from the profile. */
  async function linkTo(
    userId: string,
    provider: OAuthProvider,
    profile: ProviderProfile,
  ): Promise<OAuthError | null> {
    const user = await users.findById(userId);
    if (!user || user.deletedAt) return 'link_expired';
    const parsedEmail = profile.email ? Email.safeParse(profile.email) : null;
    const email = parsedEmail?.success ? parsedEmail.data : null;
    const seen = { email, emailVerified: profile.emailVerified && email !== null };
    const identity = await repo.find(db, provider, profile.subject);
    if (identity) {
      if (identity.userId !== userId) return 'already_linked';
      await repo.touch(db, identity.id, seen);
      return null;
    }
    const mine = await repo.listForUser(db, userId);
    if (mine.some((r) => r.provider === provider)) return 'another_linked';
    const linked = await repo.insert(db, {
      id: newId(),
      provider,
      subject: profile.subject,
      userId,
      ...seen,
    });
    if (linked) return null;
    // Linked at this very moment by a racing callback: fine if it was to this user.
    const again = await repo.find(db, provider, profile.subject);
    return again?.userId === userId ? null : 'already_linked';
  }

  async function resolveAgain(
    provider: OAuthProvider,
    subject: string,
  ): Promise<{ user: UserRow; created: boolean } | { error: OAuthError }> {
    const identity = await repo.find(db, provider, subject);
    const user = identity ? await users.findById(identity.userId) : null;
    return user ? { user, created: false } : { error: 'state' };
  }

  function failure(provider: OAuthProvider, err: unknown): OAuthError {
    const code = err instanceof Error && 'code' in err ? String(err.code) : undefined;
    const cause = err instanceof Error ? err.cause : undefined;
    let error: OAuthError = 'token';
    if (err instanceof oidc.ResponseBodyError) error = 'code';
    else if (err instanceof oidc.AuthorizationResponseError) error = 'provider';
    else if (
      code === 'OAUTH_TIMEOUT' ||
      code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' ||
      (cause instanceof TypeError && /fetch failed/i.test(cause.message)) ||
      (err instanceof TypeError && /fetch failed/i.test(err.message))
    )
      error = 'unavailable';
    deps.log.warn(
      { provider, oauthError: error, code, reason: err instanceof Error ? err.message : String(err) },
      'provider sign-in refused',
    );
    return error;
  }

  return {
    /** The providers the operator enabled (their buttons show). */
    enabled: (): OAuthProvider[] => [...deps.enabled],

    /** Where to send the browser, and the sealed pending sign-in for its cookie; null when disabled. */
    async start(
      provider: OAuthProvider,
      opts: { returnTo?: string | undefined; lang?: string | undefined; linkUserId?: string },
    ): Promise<{ url: string; sealed: string } | null> {
      const client = await clients(provider);
      if (!client) return null;
      const spec = specOf(provider);
      const state = oidc.randomState();
      const verifier = spec.pkce ? oidc.randomPKCECodeVerifier() : undefined;
      const nonce = spec.openid ? oidc.randomNonce() : undefined;
      const params: Record<string, string> = {
        redirect_uri: redirectUri(provider),
        scope: spec.scope,
        state,
      };
      if (verifier) {
        params.code_challenge = await oidc.calculatePKCECodeChallenge(verifier);
        params.code_challenge_method = 'S256';
      }
      if (nonce) params.nonce = nonce;
      if (spec.formPost) params.response_mode = 'form_post';
      const url = oidc.buildAuthorizationUrl(client.config, params);
      const lang = Language.safeParse(opts.lang);
      const sealed = await sealer.seal({
        p: provider,
        s: state,
        ...(verifier ? { v: verifier } : {}),
        ...(nonce ? { n: nonce } : {}),
        r: safeReturnTo(opts.returnTo),
        ...(lang.success ? { l: lang.data } : {}),
        ...(opts.linkUserId ? { u: opts.linkUserId } : {}),
      });
      return { url: url.href, sealed };
    },

    /**
     * The provider's answer: checks the state against the browser's cookie, exchanges the code
     * (PKCE verifier), checks the ID token (signature, issuer, audience, expiry, nonce) or reads the
     * profile, then signs in, links or creates the account. Never throws for a provider's or a
     * visitor's mistake: the outcome names what went wrong.
     */
    async callback(
      provider: OAuthProvider,
      params: CallbackParams,
      sealed: string | undefined,
    ): Promise<CallbackOutcome> {
      const pending = await sealer.open(sealed);
      const returnTo = pending?.r ?? '/';
      const link = Boolean(pending?.u);
      const fail = (error: OAuthError): CallbackOutcome => ({ ok: false, error, returnTo, link });
      const client = await clients(provider);
      if (!client) return fail('disabled');
      if (params.error) return fail(params.error === 'access_denied' ? 'denied' : 'provider');
      if (!pending || pending.p !== provider || !params.state || params.state !== pending.s)
        return fail('state');
      if (!params.code) return fail('code');

      const current = new URL(redirectUri(provider));
      current.searchParams.set('code', params.code);
      current.searchParams.set('state', params.state);
      if (params.iss) current.searchParams.set('iss', params.iss);
      let profile: ProviderProfile | null;
      try {
        const tokens = await oidc.authorizationCodeGrant(client.config, current, {
          expectedState: pending.s,
          ...(pending.v ? { pkceCodeVerifier: pending.v } : {}),
          ...(pending.n ? { expectedNonce: pending.n } : {}),
          idTokenExpected: specOf(provider).openid,
        });
        profile = await profileOf(provider, client, tokens, params);
      } catch (err) {
        return fail(failure(provider, err));
      }
      if (!profile || !profile.subject || profile.subject.length > 255) {
        deps.log.warn({ provider }, 'provider sign-in refused: no usable profile');
        return fail('token');
      }
      if (pending.u) {
        const error = await linkTo(pending.u, provider, profile);
        if (error) return fail(error);
        return { ok: true, session: null, returnTo, created: false, link: true };
      }
      const resolved = await resolveUser(provider, profile, pending);
      if ('error' in resolved) return fail(resolved.error);
      const session = await auth.signInProven(resolved.user);
      return { ok: true, session, returnTo, created: resolved.created, link: false };
    },

    /** Disconnects a provider from the caller's account; never the last way to sign in. */
    async unlink(userId: string, provider: OAuthProvider): Promise<void> {
      const result = await repo.unlinkUnlessLast(db, userId, provider);
      if (result === 'not_linked') throw new AppError('NOT_FOUND', 'oauth.notLinked');
      if (result === 'last') throw new AppError('CONFLICT', 'oauth.lastSignInMethod');
    },

    /** The caller's linked providers (profile). */
    async identities(userId: string) {
      const rows = await repo.listForUser(db, userId);
      return rows.map((r) => ({
        provider: r.provider,
        email: r.email,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}
export type OAuthService = ReturnType<typeof createOAuthService>;

class RaceLost extends Error {}
