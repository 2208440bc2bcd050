import type { OAuthIdentitiesResponse, OAuthProvidersResponse } from '@amora/shared/oauth.ts';
import { api } from '../../../lib/api-client.ts';

/** The sign-in providers the operator enabled (their buttons show). */
export function fetchProviders(): Promise<OAuthProvidersResponse> {
  return api.get<OAuthProvidersResponse>('/auth/providers', { skipAuthRetry: true });
}

/** The signed-in user's linked providers (profile). */
export function fetchIdentities(): Promise<OAuthIdentitiesResponse> {
  return api.get<OAuthIdentitiesResponse>('/auth/identities');
}
