import type { User } from '@amora/shared/user.ts';
import type { AvailableOffersResponse } from '@amora/shared/conversion.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../auth/store.ts';
import { useWalletUiStore } from '../store.ts';
import { conversionKeys } from '../../conversion/api/conversion-api.ts';
import { NoTokensDialog } from './no-tokens-dialog.tsx';

function renderDialog(subscription: User['subscription'], offers: AvailableOffersResponse['offers'] = {}) {
  useAuthStore.setState({
    user: { _id: 'u1', tokens: 0, subscription } as User,
    accessToken: 't',
    status: 'ready',
  });
  useWalletUiStore.setState({ noTokensOpen: true });
  const router = createMemoryRouter(
    [
      { path: '/chat', element: <NoTokensDialog /> },
      { path: '/paywall', element: <p>paywall</p> },
    ],
    { initialEntries: ['/chat'] },
  );
  // What the server lets this user see (GET /api/offers), already loaded.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(conversionKeys.available('u1'), { offers, leaveDiscount: null });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const tomorrow = new Date(Date.now() + 86_400_000).toISOString();

describe('NoTokensDialog (SPEC §6)', () => {
  beforeEach(() => useWalletUiStore.setState({ noTokensOpen: false }));

  it('without a subscription offers unlocking models or unlimited chat', () => {
    const router = renderDialog({ status: 'inactive', endDate: null });
    const dialog = screen.getByTestId('no-tokens-dialog');
    expect(dialog).toHaveTextContent('Unlock more of her');
    expect(dialog).not.toHaveTextContent('Out of tokens!');
    expect(screen.getByRole('button', { name: 'Unlock new models' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Chat without limits with a subscription' }));
    expect(router.state.location.pathname).toBe('/paywall');
    expect(router.state.location.hash).toBe('#paywall-plans');
    expect(useWalletUiStore.getState().noTokensOpen).toBe(false);
  });

  it('with an active subscription says Out of tokens!', () => {
    renderDialog({ status: 'active', endDate: tomorrow });
    const dialog = screen.getByTestId('no-tokens-dialog');
    expect(dialog).toHaveTextContent('Out of tokens!');
    expect(screen.queryByRole('button', { name: 'Unlock new models' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Get tokens' })).toBeInTheDocument();
  });

  it('a subscription that ended yesterday counts as none', () => {
    renderDialog({ status: 'active', endDate: new Date(Date.now() - 2 * 86_400_000).toISOString() });
    expect(screen.getByTestId('no-tokens-dialog')).toHaveTextContent('Unlock more of her');
  });

  it('lists the upsell features the server offers, and none when it offers none', () => {
    renderDialog(
      { status: 'inactive', endDate: null },
      { upsell: { features: ['photos_videos', 'voice_messages'] } },
    );
    const list = screen.getByTestId('upsell-list');
    expect(list).toHaveTextContent('Exclusive photos and videos');
    expect(list).toHaveTextContent('Voice messages from your companion');
    expect(list).not.toHaveTextContent('Send her your photos');
    cleanup();
    renderDialog({ status: 'active', endDate: tomorrow });
    expect(screen.queryByTestId('upsell-list')).toBeNull();
  });
});
