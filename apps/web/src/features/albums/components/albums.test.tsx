import type { AlbumCategoryView } from '@amora/shared/albums.ts';
import type { User } from '@amora/shared/user.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../auth/store.ts';
import { AlbumMedia } from './album-media.tsx';
import { AlbumSkeletons, CategoryGrid } from './category-grid.tsx';
import { GalleryViewer } from './gallery-viewer.tsx';

const bot = { _id: 'b1', remote_id: 7, name: 'Mia' };
const categories: AlbumCategoryView[] = [
  { tagLink: 'non-explicit', photo: '/media/c1.webp', price: 0, isUnlocked: true, count: 3 },
  { tagLink: 'halloween', photo: '/media/c2.webp', price: 1500, isUnlocked: false, count: 2 },
];

function renderGrid(signedIn: boolean, subscribed = false) {
  useAuthStore.setState(
    signedIn
      ? { user: { _id: 'u1', tokens: 10 } as User, accessToken: 't', status: 'ready' }
      : { user: null, accessToken: null, status: 'ready' },
  );
  const router = createMemoryRouter(
    [
      {
        path: '/album',
        element: <CategoryGrid bot={bot} categories={categories} subscribed={subscribed} chatId="c9" />,
      },
      { path: '/album/:id', element: <p>category page</p> },
      { path: '/paywall', element: <p>paywall</p> },
    ],
    { initialEntries: ['/album'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('album category cards', () => {
  beforeEach(() => useAuthStore.setState({ user: null, accessToken: null }));

  it('shows a locked category with its price, an unlock button and, for non-subscribers, subscribe', () => {
    const router = renderGrid(true);
    const locked = screen.getByTestId('album-category-halloween');
    expect(locked).toHaveAttribute('data-locked', 'true');
    expect(screen.getByTestId('album-unlock-halloween')).toHaveTextContent('Unlock for 1 500');
    fireEvent.click(screen.getByTestId('album-subscribe-halloween'));
    expect(router.state.location.pathname).toBe('/paywall');
  });

  it('hides subscribe for subscribers, and opens an unlocked category with the chat to return to', () => {
    const router = renderGrid(true, true);
    expect(screen.queryByTestId('album-subscribe-halloween')).toBeNull();
    fireEvent.click(screen.getByTestId('album-open-non-explicit'));
    expect(router.state.location.pathname).toBe('/album/7');
    expect(router.state.location.search).toBe('?type=non-explicit&chat=c9');
  });

  it("opens sign-in for a guest's click", () => {
    const router = renderGrid(false);
    fireEvent.click(screen.getByTestId('album-open-non-explicit'));
    expect(router.state.location.pathname).toBe('/album');
    expect(new URLSearchParams(router.state.location.search).get('popup')).toBe('sign-in');
  });

  it('shows six skeletons while loading', () => {
    render(<AlbumSkeletons />);
    expect(screen.getAllByTestId('album-skeleton')).toHaveLength(6);
  });

  it("says 'Error loading image' and 'Error loading video' when a file fails", () => {
    const { container, rerender } = render(<AlbumMedia kind="image" src="/x.webp" alt="x" />);
    fireEvent.error(container.querySelector('img')!);
    expect(screen.getByTestId('album-media-error')).toHaveTextContent('Error loading image');
    rerender(<AlbumMedia kind="video" src="/x.webm" alt="x" />);
    fireEvent.error(container.querySelector('video')!);
    expect(screen.getByTestId('album-media-error')).toHaveTextContent('Error loading video');
  });
});

describe('gallery viewer', () => {
  // jsdom has no PointerEvent: a MouseEvent carries the coordinates the viewer reads.
  if (!('PointerEvent' in window))
    Object.defineProperty(window, 'PointerEvent', { value: class extends MouseEvent {}, configurable: true });

  const items = [
    { _id: 'a', kind: 'image' as const, url: '/a.webp' },
    { _id: 'b', kind: 'image' as const, url: '/b.webp' },
    { _id: 'c', kind: 'video' as const, url: '/c.webm' },
  ];

  it('moves with the arrow keys and closes on Escape', () => {
    const onClose = vi.fn();
    render(<GalleryViewer items={items} start={0} title="Mia" onClose={onClose} />);
    const viewer = screen.getByTestId('album-viewer');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(viewer).toHaveAttribute('data-index', '1');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(viewer).toHaveAttribute('data-index', '2');
    expect(screen.getByTestId('album-video')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('swipes with pointer events: left for the next item, right for the previous', () => {
    render(<GalleryViewer items={items} start={1} title="Mia" onClose={() => undefined} />);
    const viewer = screen.getByTestId('album-viewer');
    fireEvent.pointerDown(viewer, { clientX: 300, clientY: 200 });
    fireEvent.pointerUp(viewer, { clientX: 150, clientY: 210 });
    expect(viewer).toHaveAttribute('data-index', '2');
    fireEvent.pointerDown(viewer, { clientX: 100, clientY: 200 });
    fireEvent.pointerUp(viewer, { clientX: 260, clientY: 200 });
    expect(viewer).toHaveAttribute('data-index', '1');
    // A tap is no swipe.
    fireEvent.pointerDown(viewer, { clientX: 100, clientY: 200 });
    fireEvent.pointerUp(viewer, { clientX: 104, clientY: 200 });
    expect(viewer).toHaveAttribute('data-index', '1');
  });
});
