import type { ExchangeTokenResponse } from '@amora/shared/registration.ts';
import { api } from '../../../lib/api-client.ts';

export function exchangeRegistrationToken(registrationToken: string): Promise<ExchangeTokenResponse> {
  return api.post<ExchangeTokenResponse>(
    '/auth/exchange-token',
    { registration_token: registrationToken },
    { skipAuthRetry: true },
  );
}

/** Installs a refresh token received in the /set-tokens URL as this browser's cookie. */
export function adoptRefreshToken(refreshToken: string): Promise<{ accessToken: string }> {
  return api.post<{ accessToken: string }>('/auth/set-tokens', { refreshToken }, { skipAuthRetry: true });
}
