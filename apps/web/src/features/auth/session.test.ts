import type { User } from '@amora/shared/user.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fetchUser = vi.fn<() => Promise<{ user: User }>>();
vi.mock('./api/auth-api.ts', () => ({ fetchUser: () => fetchUser(), logout: vi.fn() }));

const { reloadUser, USER_RETRY_MS } = await import('./session.ts');
const { useAuthStore } = await import('./store.ts');

const user = { _id: 'u1', tokens: 5, language: 'en' } as unknown as User;

describe('loading the user (SPEC §8: a failure retries after 10 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    fetchUser.mockReset();
    useAuthStore.getState().clear();
  });
  afterEach(() => vi.useRealTimers());

  it('tries again 10 s after a failure, and stops once it worked', async () => {
    useAuthStore.getState().setAccessToken('token');
    fetchUser.mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ user });
    expect(await reloadUser()).toBeNull();
    expect(fetchUser).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(USER_RETRY_MS - 1);
    expect(fetchUser).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchUser).toHaveBeenCalledTimes(2);
    expect(useAuthStore.getState().user).toEqual(user);
    await vi.advanceTimersByTimeAsync(USER_RETRY_MS * 3);
    expect(fetchUser).toHaveBeenCalledTimes(2);
  });

  it('does not retry for a visitor who signed out meanwhile', async () => {
    useAuthStore.getState().setAccessToken('token');
    fetchUser.mockRejectedValue(new Error('offline'));
    await reloadUser();
    useAuthStore.getState().clear();
    await vi.advanceTimersByTimeAsync(USER_RETRY_MS * 2);
    expect(fetchUser).toHaveBeenCalledTimes(1);
  });
});
