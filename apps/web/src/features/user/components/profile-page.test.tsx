import type { User } from '@amora/shared/user.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setUiLanguage } from '../../../lib/i18n.ts';
import { useAuthStore } from '../../auth/store.ts';
import { ProfilePage } from './profile-page.tsx';

function renderProfileAs(role: User['role'], name: string | null = 'Robin') {
  useAuthStore.setState({
    user: {
      _id: 'u1',
      role,
      email: 'robin@example.com',
      name,
      tokens: 120,
      onboarded: true,
      age: 30,
      sex: 'male',
      country: 'DE',
      banned: { is: false, reason: null },
      preferences: [] as User['preferences'],
    } as User,
    accessToken: 't',
    status: 'ready',
  });
  const router = createMemoryRouter([{ path: '/profile', element: <ProfilePage /> }], {
    initialEntries: ['/profile'],
  });
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('ProfilePage: the operator console link', () => {
  afterEach(async () => {
    await setUiLanguage('en');
  });

  it('an operator sees a link to /admin', () => {
    renderProfileAs('admin');
    const link = screen.getByRole('link', { name: 'Operator console' });
    expect(link).toHaveAttribute('href', '/admin');
  });

  it('in Russian too', async () => {
    await setUiLanguage('ru');
    renderProfileAs('admin');
    expect(screen.getByRole('link', { name: 'Консоль оператора' })).toHaveAttribute('href', '/admin');
  });

  it('without a name the avatar shows the email’s initial, not the heading’s', () => {
    const { container } = renderProfileAs('user', null);
    expect(screen.getByTestId('profile-name')).toHaveTextContent('Your profile');
    expect(container.querySelector('[aria-hidden="true"]')).toHaveTextContent(/^R$/);
  });

  it.each(['user', 'partner'] as const)('a %s does not', (role) => {
    renderProfileAs(role);
    expect(screen.getByTestId('profile-faq')).toBeInTheDocument();
    expect(screen.queryByTestId('profile-admin')).not.toBeInTheDocument();
  });
});
