import type { User } from '@amora/shared/user.ts';
import { create } from 'zustand';
import { rememberSession } from '../../lib/session-hint.ts';

export type SessionStatus = 'restoring' | 'ready';

type AuthState = {
  /** Access token, in memory only (the refresh token is an httpOnly cookie). */
  accessToken: string | null;
  user: User | null;
  status: SessionStatus;
  /** When this tab last signed in through a form (null for a restored session). */
  signedInAt: number | null;
  setSession: (accessToken: string, user: User) => void;
  setAccessToken: (accessToken: string) => void;
  setUser: (user: User) => void;
  setTokens: (tokens: number) => void;
  setBanned: (reason: string | null) => void;
  clearBan: () => void;
  setStatus: (status: SessionStatus) => void;
  clear: () => void;
};

/** Users come from JSON: equal serialisations are equal users. */
function sameJson(a: User, b: User): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

export const useAuthStore = create<AuthState>()((set) => ({
  // (The session hint follows the store: set with a session, removed when it ends.)
  accessToken: null,
  user: null,
  status: 'restoring',
  signedInAt: null,
  setSession: (accessToken, user) => {
    rememberSession(true);
    set({ accessToken, user, status: 'ready', signedInAt: Date.now() });
  },
  setAccessToken: (accessToken) => set({ accessToken }),
  setUser: (user) => {
    rememberSession(true);
    // The same user again (the reload on each socket connect, usually unchanged) keeps its object,
    // so every component that reads it is spared a render (issue 13, docs/decisions/165).
    set((s) => (s.user && sameJson(s.user, user) ? s : { user }));
  },
  setTokens: (tokens) => set((s) => (s.user ? { user: { ...s.user, tokens } } : s)),
  setBanned: (reason) => set((s) => (s.user ? { user: { ...s.user, banned: { is: true, reason } } } : s)),
  clearBan: () => set((s) => (s.user ? { user: { ...s.user, banned: { is: false, reason: null } } } : s)),
  setStatus: (status) => set({ status }),
  clear: () => {
    rememberSession(false);
    set({ accessToken: null, user: null, status: 'ready', signedInAt: null });
  },
}));

export function useCurrentUser(): User | null {
  return useAuthStore((s) => s.user);
}

export function useIsSignedIn(): boolean {
  return useAuthStore((s) => s.user !== null);
}
