import type {
  OAuthIdentitiesResponse,
  OAuthLinkResponse,
  OAuthProvider,
  OAuthProvidersResponse,
} from '@amora/shared/oauth.ts';
import { api } from '../../../lib/api-client.ts';

/** The sign-in providers the operator enabled (their buttons show). */
export function fetchProviders(): Promise<OAuthProvidersResponse> {
  return api.get<OAuthProvidersResponse>('/auth/providers', { skipAuthRetry: true });
}

/** The signed-in user's linked providers (profile). */
export function fetchIdentities(): Promise<OAuthIdentitiesResponse> {
  return api.get<OAuthIdentitiesResponse>('/auth/identities');
}

/** Starts connecting a provider to this account: the provider's page to send the browser to. */
export function startLink(provider: OAuthProvider, returnTo: string): Promise<OAuthLinkResponse> {
  return api.post<OAuthLinkResponse>(`/auth/${provider}/link`, { returnTo });
}

/** Disconnects a provider (never the last way to sign in: 409). */
export function unlinkProvider(provider: OAuthProvider): Promise<OAuthIdentitiesResponse> {
  return api.request<OAuthIdentitiesResponse>(`/auth/identities/${provider}`, { method: 'DELETE' });
}
