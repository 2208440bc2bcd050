import type { ExchangeTokenResponse, LoginCodePreviewResponse } from '@amora/shared/registration.ts';
import { api } from '../../../lib/api-client.ts';

export function exchangeRegistrationToken(registrationToken: string): Promise<ExchangeTokenResponse> {
  return api.post<ExchangeTokenResponse>(
    '/auth/exchange-token',
    { registration_token: registrationToken },
    { skipAuthRetry: true },
  );
}

/** Exchanges the one-time login code received in the /set-tokens URL for a session (cookie set). */
export function adoptRefreshToken(refreshToken: string): Promise<{ accessToken: string }> {
  return api.post<{ accessToken: string }>('/auth/set-tokens', { refreshToken }, { skipAuthRetry: true });
}

/** Whose account a one-time login code opens (nothing is used up), to name it before switching. */
export function previewLoginCode(refreshToken: string): Promise<LoginCodePreviewResponse> {
  return api.post<LoginCodePreviewResponse>(
    '/auth/set-tokens/preview',
    { refreshToken },
    { skipAuthRetry: true },
  );
}
