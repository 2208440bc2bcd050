import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../auth/store.ts';
import type * as AdminApi from '../api/admin-api.ts';
import { AdminConsole } from './admin-console.tsx';
import { renderAt, signInAs } from './test-utils.tsx';

vi.mock('../../platform/start-platform.ts', () => ({ startPlatform: () => Promise.resolve() }));
vi.mock('../api/admin-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof AdminApi>()),
  fetchInbox: () => Promise.resolve([]),
}));

describe('AdminConsole', () => {
  beforeEach(() => sessionStorage.clear());

  it('sends a guest home with the sign-in popup, remembering the console', async () => {
    signInAs(null);
    renderAt('/admin/users', '/admin/*', <AdminConsole />);
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/\?popup=sign-in$/);
    expect(sessionStorage.getItem('amora.returnTo')).toBe('/admin/users');
  });

  it.each(['user', 'partner'] as const)('shows the no-access page to a %s', async (role) => {
    signInAs(role);
    renderAt('/admin', '/admin/*', <AdminConsole />);
    expect(await screen.findByTestId('where')).toHaveTextContent('/no-access');
    expect(screen.queryByTestId('admin-console')).not.toBeInTheDocument();
  });

  it('opens the support inbox for an admin, with every section in the navigation', async () => {
    signInAs('admin');
    const { router } = renderAt('/admin', '/admin/*', <AdminConsole />);
    expect(await screen.findByRole('heading', { name: 'Support inbox' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/support');
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    for (const name of ['Support', 'Users', 'Platform', 'Registration tokens', 'Promo codes']) {
      expect(nav).toContainElement(screen.getByRole('link', { name }));
    }
    expect(screen.getByRole('link', { name: 'Support' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('No one has written to support yet.')).toBeInTheDocument();
  });

  it('waits while the session is restored', () => {
    signInAs(null);
    useAuthStore.setState({ status: 'restoring' });
    renderAt('/admin', '/admin/*', <AdminConsole />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });
});
