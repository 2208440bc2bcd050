import type { User } from '@amora/shared/user.ts';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../auth/store.ts';
import { useWalletUiStore } from '../store.ts';
import { NoTokensDialog } from './no-tokens-dialog.tsx';

function renderDialog(subscription: User['subscription']) {
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
  render(<RouterProvider router={router} />);
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
});
