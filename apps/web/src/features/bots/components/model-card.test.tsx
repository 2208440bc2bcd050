import type { Bot } from '@amora/shared/bots.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ModelCard } from './model-card.tsx';

const mia: Bot = {
  _id: 'b7',
  remote_id: 7,
  name: 'Mia',
  age: 24,
  sex: 'female',
  type: 'realistic',
  body_type: 'slim',
  hobbies: ['yoga', 'travel'],
  hobbies_ru: [],
  desc: { en: 'Hi', ru: 'Привет' },
  photos: ['/media/mia.jpg'],
  avatar: null,
  video_avatar: null,
  is_video: false,
  video_quality: 0,
  events: [],
};

function renderCard(onOpen = vi.fn()) {
  const router = createMemoryRouter([{ path: '/', element: <ModelCard bot={mia} onOpen={onOpen} /> }], {
    initialEntries: ['/?type=realistic'],
  });
  render(<RouterProvider router={router} />);
  return { router, onOpen };
}

describe('ModelCard', () => {
  it("opens her profile popup from the name and details, keeping the page's parameters", async () => {
    const user = userEvent.setup();
    const { router, onOpen } = renderCard();
    const profile = screen.getByRole('link', { name: /^View profile: Mia\b/ });
    expect(profile).toHaveTextContent('Mia');
    expect(profile).toHaveTextContent('yoga');
    await user.click(profile);
    const params = new URLSearchParams(router.state.location.search);
    expect(router.state.location.pathname).toBe('/');
    expect(params.get('popup')).toBe('selected-model');
    expect(params.get('remote_id')).toBe('7');
    expect(params.get('type')).toBe('realistic');
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('starts the chat from the chat button, without opening the popup', async () => {
    const user = userEvent.setup();
    const { router, onOpen } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Chat with Mia' }));
    expect(onOpen).toHaveBeenCalledWith(mia);
    expect(router.state.location.search).toBe('?type=realistic');
  });

  it('can be used from the keyboard: the profile link, then the chat button', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.tab();
    expect(screen.getByRole('link', { name: /^View profile: Mia\b/ })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Chat with Mia' })).toHaveFocus();
  });
});
