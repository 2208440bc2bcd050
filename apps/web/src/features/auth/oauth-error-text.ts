import { OAUTH_ERRORS, OAUTH_PROVIDERS, type OAuthError, type OAuthProvider } from '@amora/shared/oauth.ts';
import type { TFunction } from 'i18next';

export const PROVIDER_NAMES: Record<OAuthProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  apple: 'Apple',
  discord: 'Discord',
  x: 'X',
};

export function isOAuthProvider(value: string | null): value is OAuthProvider {
  return OAUTH_PROVIDERS.includes(value as OAuthProvider);
}

/** Why a provider sign-in or connection came back without success (`?oauth_error=&provider=`), in words. */
export function oauthErrorText(code: string, provider: string | null, t: TFunction): string {
  const name = isOAuthProvider(provider) ? PROVIDER_NAMES[provider] : t('auth.oauth.theProvider');
  const known = OAUTH_ERRORS.includes(code as OAuthError) ? code : 'provider';
  return t(`auth.oauthErrors.${known}`, { provider: name });
}
