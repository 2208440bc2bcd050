import type { OAuthProvider } from '@amora/shared/oauth.ts';
import { createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { Config } from '../../config.ts';

/** Who the provider says signed in. `emailVerified` is true only when the provider vouches for it. */
export type ProviderProfile = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
};

/** The documented endpoints of each provider (decision 110); OAUTH_<P>_URL replaces them all. */
type Endpoints = { issuer: string; authorize: string; token: string; jwks?: string; userinfo?: string };

type Spec = {
  /** OpenID Connect: an ID token is expected, its signature, issuer, audience, expiry and nonce checked. */
  openid: boolean;
  /** Proof Key for Code Exchange (S256); Apple does not document it, the nonce binds its ID token. */
  pkce: boolean;
  scope: string;
  /** How the client authenticates at the token endpoint. */
  clientAuth: 'post' | 'basic';
  /** Apple answers with an HTML form POSTed to the callback (response_mode=form_post). */
  formPost: boolean;
  endpoints: Endpoints;
  /** Plain OAuth 2.0 providers: the profile from their user endpoint (the URL's query included). */
  userinfoQuery?: string;
  profileFrom?: (body: unknown) => ProviderProfile | null;
};

const FacebookMe = z.object({
  id: z.string().min(1).max(200),
  name: z.string().max(500).optional(),
  email: z.string().max(320).optional(),
});
const DiscordMe = z.object({
  id: z.string().min(1).max(200),
  username: z.string().max(200).optional(),
  global_name: z.string().max(200).nullish(),
  email: z.string().max(320).nullish(),
  verified: z.boolean().optional(),
});
const XMe = z.object({
  data: z.object({
    id: z.string().min(1).max(200),
    name: z.string().max(500).optional(),
    username: z.string().max(200).optional(),
    confirmed_email: z.string().max(320).optional(),
  }),
});

export const PROVIDERS: Record<OAuthProvider, Spec> = {
  google: {
    openid: true,
    pkce: true,
    scope: 'openid email profile',
    clientAuth: 'post',
    formPost: false,
    endpoints: {
      issuer: 'https://accounts.google.com',
      authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
      token: 'https://oauth2.googleapis.com/token',
      jwks: 'https://www.googleapis.com/oauth2/v3/certs',
    },
  },
  apple: {
    openid: true,
    pkce: false,
    scope: 'name email',
    clientAuth: 'post',
    formPost: true,
    endpoints: {
      issuer: 'https://appleid.apple.com',
      authorize: 'https://appleid.apple.com/auth/authorize',
      token: 'https://appleid.apple.com/auth/token',
      jwks: 'https://appleid.apple.com/auth/keys',
    },
  },
  facebook: {
    openid: false,
    pkce: true,
    scope: 'email public_profile',
    clientAuth: 'post',
    formPost: false,
    endpoints: {
      issuer: 'https://www.facebook.com',
      authorize: 'https://www.facebook.com/v21.0/dialog/oauth',
      token: 'https://graph.facebook.com/v21.0/oauth/access_token',
      userinfo: 'https://graph.facebook.com/v21.0/me',
    },
    userinfoQuery: 'fields=id,name,email',
    // Facebook documents no "verified" flag for the address: it is never trusted for linking.
    profileFrom: (body) => {
      const me = FacebookMe.safeParse(body);
      if (!me.success) return null;
      return {
        subject: me.data.id,
        email: me.data.email ?? null,
        emailVerified: false,
        name: me.data.name ?? null,
      };
    },
  },
  discord: {
    openid: false,
    pkce: true,
    scope: 'identify email',
    clientAuth: 'post',
    formPost: false,
    endpoints: {
      issuer: 'https://discord.com',
      authorize: 'https://discord.com/oauth2/authorize',
      token: 'https://discord.com/api/oauth2/token',
      userinfo: 'https://discord.com/api/users/@me',
    },
    profileFrom: (body) => {
      const me = DiscordMe.safeParse(body);
      if (!me.success) return null;
      return {
        subject: me.data.id,
        email: me.data.email ?? null,
        emailVerified: me.data.verified === true && Boolean(me.data.email),
        name: me.data.global_name ?? me.data.username ?? null,
      };
    },
  },
  x: {
    openid: false,
    pkce: true,
    scope: 'users.read tweet.read users.email',
    clientAuth: 'basic',
    formPost: false,
    endpoints: {
      issuer: 'https://x.com',
      authorize: 'https://x.com/i/oauth2/authorize',
      token: 'https://api.x.com/2/oauth2/token',
      userinfo: 'https://api.x.com/2/users/me',
    },
    userinfoQuery: 'user.fields=confirmed_email',
    // X returns `confirmed_email` only for an address the person confirmed.
    profileFrom: (body) => {
      const me = XMe.safeParse(body);
      if (!me.success) return null;
      const email = me.data.data.confirmed_email ?? null;
      return {
        subject: me.data.data.id,
        email,
        emailVerified: email !== null,
        name: me.data.data.name ?? null,
      };
    },
  },
};

export function specOf(provider: OAuthProvider): Spec {
  return PROVIDERS[provider];
}

/** The endpoints of a provider: the documented ones, or `<base>/authorize|token|jwks|userinfo`. */
export function endpointsOf(provider: OAuthProvider, base: string | undefined): Endpoints {
  const spec = PROVIDERS[provider];
  if (!base) return spec.endpoints;
  const b = base.replace(/\/$/, '');
  return {
    issuer: b,
    authorize: `${b}/authorize`,
    token: `${b}/token`,
    ...(spec.openid ? { jwks: `${b}/jwks` } : { userinfo: `${b}/userinfo` }),
  };
}

type Credentials =
  | { kind: 'secret'; clientId: string; clientSecret: string }
  | { kind: 'apple'; clientId: string; teamId: string; keyId: string; privateKey: string };

/** The providers the operator enabled, with their credentials and endpoint overrides. */
export function enabledProviders(
  config: Config,
): Map<OAuthProvider, { credentials: Credentials; base: string | undefined }> {
  const out = new Map<OAuthProvider, { credentials: Credentials; base: string | undefined }>();
  const secret = (
    p: OAuthProvider,
    id: string | undefined,
    s: string | undefined,
    base: string | undefined,
  ) => {
    if (id && s) out.set(p, { credentials: { kind: 'secret', clientId: id, clientSecret: s }, base });
  };
  secret('google', config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET, config.OAUTH_GOOGLE_URL);
  secret('facebook', config.FACEBOOK_CLIENT_ID, config.FACEBOOK_CLIENT_SECRET, config.OAUTH_FACEBOOK_URL);
  if (config.APPLE_CLIENT_ID && config.APPLE_TEAM_ID && config.APPLE_KEY_ID && config.APPLE_PRIVATE_KEY) {
    out.set('apple', {
      credentials: {
        kind: 'apple',
        clientId: config.APPLE_CLIENT_ID,
        teamId: config.APPLE_TEAM_ID,
        keyId: config.APPLE_KEY_ID,
        privateKey: config.APPLE_PRIVATE_KEY,
      },
      base: config.OAUTH_APPLE_URL,
    });
  }
  secret('discord', config.DISCORD_CLIENT_ID, config.DISCORD_CLIENT_SECRET, config.OAUTH_DISCORD_URL);
  secret('x', config.X_CLIENT_ID, config.X_CLIENT_SECRET, config.OAUTH_X_URL);
  return out;
}

/** Apple's client secret: an ES256 JWT signed with the team's key, as Apple documents (≤ 6 months). */
export async function appleClientSecret(
  c: { clientId: string; teamId: string; keyId: string; privateKey: string },
  audience: string,
  lifetimeSeconds: number,
): Promise<string> {
  const key = createPrivateKey(c.privateKey);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: c.keyId })
    .setIssuer(c.teamId)
    .setSubject(c.clientId)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${lifetimeSeconds}s`)
    .sign(key);
}

/**
 * A ready openid-client Configuration for one provider. Apple's is rebuilt before its client secret
 * expires; the others live as long as the process.
 */
export function createProviderClients(
  enabled: ReturnType<typeof enabledProviders>,
): (provider: OAuthProvider) => Promise<{ config: oidc.Configuration; endpoints: Endpoints } | null> {
  const cache = new Map<OAuthProvider, { config: oidc.Configuration; endpoints: Endpoints; until: number }>();
  const APPLE_SECRET_S = 3600;
  return async (provider) => {
    const entry = enabled.get(provider);
    if (!entry) return null;
    const hit = cache.get(provider);
    if (hit && hit.until > Date.now()) return hit;
    const spec = PROVIDERS[provider];
    const endpoints = endpointsOf(provider, entry.base);
    const server: oidc.ServerMetadata = {
      issuer: endpoints.issuer,
      authorization_endpoint: endpoints.authorize,
      token_endpoint: endpoints.token,
      ...(endpoints.jwks ? { jwks_uri: endpoints.jwks } : {}),
    };
    const { credentials } = entry;
    const clientSecret =
      credentials.kind === 'apple'
        ? await appleClientSecret(credentials, endpoints.issuer, APPLE_SECRET_S)
        : credentials.clientSecret;
    const auth =
      spec.clientAuth === 'basic'
        ? oidc.ClientSecretBasic(clientSecret)
        : oidc.ClientSecretPost(clientSecret);
    const config = new oidc.Configuration(
      server,
      credentials.clientId,
      { client_secret: clientSecret },
      auth,
    );
    config.timeout = 10;
    // Only an override (the loopback fake) may speak plain HTTP; the real providers are HTTPS.
    if (entry.base?.startsWith('http:')) oidc.allowInsecureRequests(config);
    // The ID token's signature is checked against the provider's keys, not only TLS (decision 110).
    if (spec.openid) oidc.enableNonRepudiationChecks(config);
    const built = {
      config,
      endpoints,
      until:
        credentials.kind === 'apple' ? Date.now() + (APPLE_SECRET_S - 300) * 1000 : Number.POSITIVE_INFINITY,
    };
    cache.set(provider, built);
    return built;
  };
}
