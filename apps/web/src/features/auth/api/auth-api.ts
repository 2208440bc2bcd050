import type { AuthResponse } from '@amora/shared/auth.ts';
import type { User } from '@amora/shared/user.ts';
import { api } from '../../../lib/api-client.ts';

export function signIn(body: { email: string; password: string }): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/sign-in', body, { skipAuthRetry: true });
}

export function signUp(body: { email: string; password: string; language?: string }): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/sign-up', { ...body, termsAccepted: true }, { skipAuthRetry: true });
}

export function logout(): Promise<void> {
  return api.post<void>('/auth/logout', undefined, { skipAuthRetry: true });
}

export function requestRecovery(email: string): Promise<void> {
  return api.post<void>('/auth/recovery', { email }, { skipAuthRetry: true });
}

export function resetPassword(body: { token: string; password: string }): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/reset-password', body, { skipAuthRetry: true });
}

export function fetchUser(): Promise<{ user: User }> {
  return api.get<{ user: User }>('/user');
}
