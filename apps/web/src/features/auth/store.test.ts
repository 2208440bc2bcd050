import type { User } from '@amora/shared/user.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from './store.ts';

const user = { _id: 'u1', name: 'Robin', tokens: 10, banned: { is: false, reason: null } } as unknown as User;

afterEach(() => useAuthStore.getState().clear());

describe('setUser', () => {
  it('keeps the same object when the user has not changed, so readers do not render again', () => {
    useAuthStore.getState().setUser(user);
    const before = useAuthStore.getState().user;
    useAuthStore.getState().setUser(structuredClone(user));
    expect(useAuthStore.getState().user).toBe(before);
  });

  it('takes a changed user', () => {
    useAuthStore.getState().setUser(user);
    const richer: User = { ...user, tokens: 20 };
    useAuthStore.getState().setUser(richer);
    expect(useAuthStore.getState().user).toBe(richer);
  });
});
