import { z } from 'zod';

/** Sign-in providers besides email (SPEC §3 enum): enabled by the operator's client id and secret. */
export const OAUTH_PROVIDERS = ['google', 'facebook', 'apple', 'discord', 'x'] as const;
export const OAuthProvider = z.enum(OAUTH_PROVIDERS);
export type OAuthProvider = z.infer<typeof OAuthProvider>;

/**
 * Why a provider sign-in came back without a session: the SPA reads `?oauth_error=<code>` on
 * /auth/signin and shows the matching text (`auth.oauthErrors.<code>`).
 */
export const OAUTH_ERRORS = [
  /** The person cancelled at the provider (access_denied). */
  'denied',
  /** The provider answered an error of its own. */
  'provider',
  /** The state cookie is missing, expired or does not match (another tab, a replayed link). */
  'state',
  /** The code was refused at the token endpoint (used twice, expired, PKCE mismatch). */
  'code',
  /** The ID token or the profile did not pass the checks (signature, issuer, audience, nonce). */
  'token',
  /** The provider could not be reached. */
  'unavailable',
  /** The provider is not enabled on this server. */
  'disabled',
  /** An account with this email exists and has not confirmed its address: sign in with the password. */
  'account_unverified',
  /** An account with this email exists, but the provider has not confirmed that the person owns it. */
  'provider_unverified',
  /** Connecting from the profile: this provider account is already connected to another Amora account. */
  'already_linked',
  /** Connecting from the profile: the account has another account of this provider connected already. */
  'another_linked',
  /** Connecting from the profile: the account is gone or its session ended before the provider answered. */
  'link_expired',
] as const;
export type OAuthError = (typeof OAUTH_ERRORS)[number];

export const OAuthProvidersResponse = z.object({ providers: z.array(OAuthProvider) });
export type OAuthProvidersResponse = z.infer<typeof OAuthProvidersResponse>;

export const OAuthIdentity = z.object({
  provider: OAuthProvider,
  email: z.string().nullable(),
  createdAt: z.string(),
});
export const OAuthIdentitiesResponse = z.object({ identities: z.array(OAuthIdentity) });
export type OAuthIdentitiesResponse = z.infer<typeof OAuthIdentitiesResponse>;

/** Connect a provider to the signed-in account (profile): the page to land on afterwards. */
export const OAuthLinkBody = z.object({ returnTo: z.string().max(500).optional() }).strict();
export type OAuthLinkBody = z.infer<typeof OAuthLinkBody>;
/** Where the browser goes next: the provider's consent page (the pending link is in a cookie). */
export const OAuthLinkResponse = z.object({ url: z.string() });
export type OAuthLinkResponse = z.infer<typeof OAuthLinkResponse>;

/** Where the SPA sends a person to sign in with a provider (a full-page navigation, SPEC §7). */
export function oauthSignInPath(
  provider: OAuthProvider,
  opts: { returnTo?: string; lang?: string } = {},
): string {
  const q = new URLSearchParams();
  if (opts.returnTo) q.set('returnTo', opts.returnTo);
  if (opts.lang) q.set('lang', opts.lang);
  const qs = q.toString();
  return `/api/auth/${provider}/signin${qs ? `?${qs}` : ''}`;
}
