import type { SupportConversation } from '@amora/shared/platform.ts';
import type { User } from '@amora/shared/user.ts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../auth/store.ts';
import type * as AdminApi from '../api/admin-api.ts';
import { INBOX_POLL_MS } from '../api/admin-api.ts';
import { AdminConsole } from './admin-console.tsx';
import { renderAt, signInAs } from './test-utils.tsx';

const signIn =
  vi.fn<(body: { email: string; password: string }) => Promise<{ accessToken: string; user: User }>>();
vi.mock('../../auth/api/auth-api.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  signIn: (body: { email: string; password: string }) => signIn(body),
}));
const fetchInbox = vi.fn<() => Promise<SupportConversation[]>>(() => Promise.resolve([]));
vi.mock('../../platform/start-platform.ts', () => ({ startPlatform: () => Promise.resolve() }));
vi.mock('../api/admin-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof AdminApi>()),
  fetchInbox: () => fetchInbox(),
}));

describe('AdminConsole', () => {
  it('asks a guest to sign in right there, and opens the console for an operator who does', async () => {
    signInAs(null);
    const user = userEvent.setup();
    signIn.mockResolvedValue({
      accessToken: 'op-token',
      user: { _id: 'op1', role: 'admin', onboarded: false, banned: { is: false, reason: null } } as User,
    });
    const { router } = renderAt('/admin/users', '/admin/*', <AdminConsole />);
    const form = await screen.findByTestId('admin-sign-in');
    await user.type(within(form).getByLabelText('Email'), 'op@example.com');
    await user.type(within(form).getByLabelText('Password', { exact: true }), 'operator password');
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(signIn).toHaveBeenCalledWith({ email: 'op@example.com', password: 'operator password' });
    expect(router.state.location.pathname).toBe('/admin/users');
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

  it('counts the conversations waiting for an answer on the Support tab', async () => {
    signInAs('admin');
    const waiting = (chatId: string, awaitingReply: boolean): SupportConversation => ({
      chatId,
      user: { _id: chatId, email: `${chatId}@example.com`, name: null },
      lastMessage: { message: 'Help', self: awaitingReply, date: '2030-01-01T00:00:00.000Z' },
      awaitingReply,
    });
    fetchInbox.mockResolvedValue([waiting('a', true), waiting('b', false), waiting('c', true)]);
    renderAt('/admin/users', '/admin/*', <AdminConsole />);
    expect(await screen.findByTestId('admin-nav-waiting')).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: /^Support\s*2 waiting$/ })).toBeInTheDocument();
  });

  it('polls the inbox, so a new question shows up without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      signInAs('admin');
      fetchInbox.mockResolvedValue([]);
      renderAt('/admin/support', '/admin/*', <AdminConsole />);
      expect(await screen.findByText('No one has written to support yet.')).toBeInTheDocument();
      fetchInbox.mockResolvedValue([
        {
          chatId: 'new',
          user: { _id: 'u9', email: 'new@example.com', name: null },
          lastMessage: { message: 'Anyone there?', self: true, date: '2030-01-01T00:00:00.000Z' },
          awaitingReply: true,
        },
      ]);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(INBOX_POLL_MS + 50);
      });
      expect(await screen.findByTestId('admin-conversation')).toHaveTextContent('Anyone there?');
      expect(screen.getByTestId('admin-nav-waiting')).toHaveTextContent('1');
    } finally {
      vi.useRealTimers();
    }
  });
});
