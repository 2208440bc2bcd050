import type { User } from '@amora/shared/user.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../auth/store.ts';
import { subscriptionKeys } from '../api/payments-api.ts';
import { RenewalNotice } from './renewal-notice.tsx';

function renderAt(path: string, { loaded = true } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (loaded) queryClient.setQueryData(subscriptionKeys.last, { planId: 'plan-monthly' });
  const page = (
    <>
      <RenewalNotice />
      <Link to="/profile">profile</Link>
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: page },
      { path: '/profile', element: page },
      { path: '/paywall/checkout', element: page },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const failing = { _id: 'u1', access: 'NO_REBIL' } as User;

describe('RenewalNotice', () => {
  beforeEach(() => {
    sessionStorage.setItem('amora.renewalAlert.shown', '1');
    useAuthStore.setState({ user: failing, accessToken: 't', status: 'ready' });
  });

  afterEach(() => vi.unstubAllGlobals());

  it('a click before the subscription has loaded waits for it, then opens that plan', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const router = renderAt('/', { loaded: false });
    fireEvent.click(screen.getByRole('button', { name: 'Update payment details' }));
    expect(router.state.location.pathname).toBe('/');
    answer(
      new Response(JSON.stringify({ subscription: { planId: 'plan-yearly' } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/paywall/checkout?plan=plan-yearly',
      ),
    );
  });

  it('shows nothing while renewals work', () => {
    useAuthStore.setState({ user: { ...failing, access: 'AVAILABLE' } });
    renderAt('/');
    expect(screen.queryByTestId('renewal-banner')).not.toBeInTheDocument();
  });

  it('shows the warning banner with the SPEC texts, and its button goes back to checkout', () => {
    const router = renderAt('/');
    const banner = screen.getByTestId('renewal-banner');
    expect(banner).toHaveTextContent('Unable to charge payment method for your Subscription');
    expect(banner).toHaveTextContent("We're keeping your access active for now.");
    fireEvent.click(screen.getByRole('button', { name: 'Update payment details' }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/paywall/checkout?plan=plan-monthly',
    );
    expect(screen.queryByTestId('renewal-banner')).not.toBeInTheDocument(); // hidden on checkout
  });

  it('is dismissed per page', () => {
    const router = renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('renewal-banner')).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('profile'));
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByTestId('renewal-banner')).toBeInTheDocument();
  });

  it('opens the alert once per session', () => {
    sessionStorage.removeItem('amora.renewalAlert.shown');
    renderAt('/');
    expect(screen.getByTestId('renewal-alert')).toHaveTextContent(
      'Unable to charge payment method for your Subscription',
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    expect(sessionStorage.getItem('amora.renewalAlert.shown')).toBe('1');
  });
});
