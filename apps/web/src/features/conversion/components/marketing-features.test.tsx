import type { User } from '@amora/shared/user.ts';
import { MARKETING_FEATURES } from '@amora/shared/conversion.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberSession } from '../../../lib/session-hint.ts';
import { useAuthStore } from '../../auth/store.ts';
import { GUEST_MARKETING_FEATURES, MarketingFeatures } from './upsell-list.tsx';

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MarketingFeatures />
    </QueryClientProvider>,
  );
}

describe('MarketingFeatures before the server answers', () => {
  beforeEach(() => useAuthStore.setState({ user: null, accessToken: null, status: 'restoring' }));

  it("is the server's guest list, kept here without zod", () => {
    expect([...GUEST_MARKETING_FEATURES]).toEqual([...MARKETING_FEATURES]);
  });

  it('lays out the guest list at once for a browser that never had a session (no layout shift)', () => {
    renderList();
    const list = screen.getByTestId('marketing-features');
    expect(list.querySelectorAll('li')).toHaveLength(GUEST_MARKETING_FEATURES.length);
  });

  it('waits for the server for a returning member, and shows nothing to a signed-in user', () => {
    rememberSession(true);
    renderList();
    expect(screen.queryByTestId('marketing-features')).toBeNull();
    useAuthStore.setState({ user: { _id: 'u1' } as User, status: 'ready' });
    rememberSession(false);
    renderList();
    expect(screen.queryByTestId('marketing-features')).toBeNull();
  });
});
