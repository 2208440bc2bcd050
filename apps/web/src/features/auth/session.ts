import type { AuthResponse } from '@amora/shared/auth.ts';
import type { User } from '@amora/shared/user.ts';
import { api, connectApiAuth } from '../../lib/api-client.ts';
import { useSafetyStore } from '../safety/store.ts';
import { isUiLanguage, setUiLanguage, storedLanguage } from '../../lib/i18n.ts';
import { queryClient } from '../../lib/query-client.ts';
import { rememberSession } from '../../lib/session-hint.ts';
import { disconnectSocket } from '../../lib/socket.ts';
import { useChatsStore } from '../chats/store.ts';
import { fetchUser, logout } from './api/auth-api.ts';
import { useAuthStore } from './store.ts';

/** Forgets everything about the signed-in user: token, user, chats and wallet caches, the socket. */
export function clearSession(): void {
  disconnectSocket();
  useAuthStore.getState().clear();
  useChatsStore.getState().setActiveChatId(null);
  queryClient.removeQueries({ queryKey: ['chats'] });
  queryClient.removeQueries({ queryKey: ['wallet'] });
}

/** Wires the API client to the auth store (once, from the app providers). */
export function wireApiAuth(): void {
  connectApiAuth({
    getToken: () => useAuthStore.getState().accessToken,
    setToken: (token) => useAuthStore.getState().setAccessToken(token),
    onSessionExpired: () => {
      if (useAuthStore.getState().accessToken || useAuthStore.getState().user) clearSession();
    },
    // SPEC §8: a ban reason in any answer (chat, payment, ...) opens the ban modal.
    onError: (error) => {
      if (error.code === 'BANNED') useAuthStore.getState().setBanned(error.message || null);
      // Decision 045: the account is on hold for age review; the blocking screen explains.
      if (error.code === 'AGE_REVIEW') useSafetyStore.getState().setHold('review');
    },
  });
}

function adoptUserLanguage(user: User): void {
  if (!storedLanguage() && isUiLanguage(user.language)) void setUiLanguage(user.language);
}

export function startSession(response: AuthResponse): void {
  // A new identity: nothing cached for a previous one may leak into it.
  queryClient.removeQueries({ queryKey: ['chats'] });
  queryClient.removeQueries({ queryKey: ['wallet'] });
  useAuthStore.getState().setSession(response.accessToken, response.user);
  adoptUserLanguage(response.user);
}

/** SPEC §8: when loading the user fails, the app goes on and tries again after 10 s. */
export const USER_RETRY_MS = 10_000;
let userRetry: ReturnType<typeof setTimeout> | null = null;

function retryUserLater(): void {
  if (userRetry) return;
  userRetry = setTimeout(() => {
    userRetry = null;
    // Still signed in (the session was not ended meanwhile): try again; a failure schedules the next.
    if (useAuthStore.getState().accessToken) void reloadUser();
  }, USER_RETRY_MS);
}

let restoring: Promise<void> | null = null;

/** On load: the refresh cookie may still hold a session; try it once and load the user. */
export function restoreSession(): Promise<void> {
  if (!restoring) {
    restoring = (async () => {
      const store = useAuthStore.getState();
      try {
        const token = store.accessToken ?? (await api.refreshAccessToken());
        if (!token) {
          rememberSession(false);
          return;
        }
        const user = await reloadUser();
        if (user && useAuthStore.getState().accessToken) adoptUserLanguage(user);
      } catch {
        // No session (or the server is unreachable): continue as a guest.
      } finally {
        useAuthStore.getState().setStatus('ready');
      }
    })();
  }
  return restoring;
}

export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // the cookie is cleared server-side when it can be; locally we forget the session regardless
  }
  clearSession();
}

/** Reloads the user (after a change made elsewhere). */
export async function reloadUser(): Promise<User | null> {
  try {
    const { user } = await fetchUser();
    // Signed out while the request was under way: the answer belongs to nobody now.
    if (!useAuthStore.getState().accessToken) return null;
    useAuthStore.getState().setUser(user);
    return user;
  } catch {
    if (useAuthStore.getState().accessToken) retryUserLater();
    return null;
  }
}
