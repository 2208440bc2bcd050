import type { Chat } from '@amora/shared/chat.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ChatHeader } from './chat-header.tsx';

function chatWith(remoteId: number, name: string): Chat {
  return {
    _id: 'c1',
    level: 1,
    points: 0,
    status: 'active',
    typing: null,
    bot: { _id: 'b1', remote_id: remoteId, name, avatar: null, photos: [] },
  } as unknown as Chat;
}

function renderHeader(chat: Chat) {
  const router = createMemoryRouter([{ path: '/chat/:id', element: <ChatHeader chat={chat} /> }], {
    initialEntries: ['/chat/c1'],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('ChatHeader', () => {
  it('opens her profile popup from her avatar, over the conversation', async () => {
    const user = userEvent.setup();
    const router = renderHeader(chatWith(7, 'Mia'));
    await user.click(screen.getByRole('link', { name: "View Mia's profile" }));
    expect(router.state.location.pathname).toBe('/chat/c1');
    expect(router.state.location.search).toBe('?popup=selected-model&remote_id=7');
  });

  it('has no profile link for the support chat', () => {
    renderHeader(chatWith(0, 'Support'));
    expect(screen.queryByTestId('chat-avatar-profile')).not.toBeInTheDocument();
  });
});
