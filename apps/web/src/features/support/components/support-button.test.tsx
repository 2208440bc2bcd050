import type { User } from '@amora/shared/user.ts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '../../auth/store.ts';
import { SupportButton } from './support-button.tsx';

function renderAs(status: User['status']) {
  useAuthStore.setState({
    user: { _id: 'u1', role: 'user', status, banned: { is: false, reason: null } } as User,
    accessToken: 't',
    status: 'ready',
  });
  render(
    <MemoryRouter>
      <SupportButton />
    </MemoryRouter>,
  );
}

describe('SupportButton', () => {
  it('keeps its name when phones show only the icon', () => {
    renderAs('Paid');
    const button = screen.getByRole('button', { name: 'Support' });
    // The text sits in its own span (hidden below 1024 px by CSS); the icon is always there.
    expect(button.querySelector('svg')).not.toBeNull();
    expect(button.querySelector('span')).toHaveTextContent('Support');
  });

  it('is not offered to a New user', () => {
    renderAs('New');
    expect(screen.queryByTestId('support-button')).toBeNull();
  });
});
