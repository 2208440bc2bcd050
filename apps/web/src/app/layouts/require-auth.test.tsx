import type { User } from '@amora/shared/user.ts';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../features/auth/store.ts';
import { RequireAuth } from './require-auth.tsx';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Where /> },
      { element: <RequireAuth />, children: [{ path: '/chat', element: <p>chats</p> }] },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('RequireAuth', () => {
  beforeEach(() => useAuthStore.setState({ user: null, accessToken: null, status: 'ready' }));

  it('sends a guest home with the sign-in popup', () => {
    renderAt('/chat');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/\?popup=sign-in$/);
    expect(sessionStorage.getItem('amora.returnTo')).toBe('/chat');
  });

  it('lets a registration_token through', () => {
    renderAt('/chat?registration_token=abc');
    expect(screen.getByText('chats')).toBeInTheDocument();
  });

  it('waits while the session is being restored', () => {
    useAuthStore.setState({ status: 'restoring' });
    renderAt('/chat');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('chats')).not.toBeInTheDocument();
  });

  it('waits, without sending home, while a signed-in user has not loaded yet', () => {
    useAuthStore.setState({ user: null, accessToken: 't' });
    renderAt('/chat');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });

  it('shows the page to a signed-in user', () => {
    useAuthStore.setState({ user: { _id: 'u1' } as User, accessToken: 't' });
    renderAt('/chat');
    expect(screen.getByText('chats')).toBeInTheDocument();
  });
});
