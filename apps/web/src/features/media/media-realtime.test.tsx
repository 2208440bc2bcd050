import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { threadMessages } from '../chats/cache.ts';
import { createRealtimeHandlers } from '../chats/realtime.ts';
import { MessageMedia } from './components/message-media.tsx';
import { herMessage, mediaSetup } from './media-test-fixtures.tsx';
import type * as ProtectedMedia from './protected-media.ts';

// Signed URLs as the server would give them (decision 040): the plain URL plus a signature.
vi.mock('./protected-media.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ProtectedMedia>()),
  signMediaUrl: (url: string) =>
    Promise.resolve({ url: `${url}?s=signed`, expiresAt: Date.now() + 3_600_000 }),
}));

/** Media updates come as socket `message` events with the same `_id`: they replace the message in place. */
describe('media updates over the socket', () => {
  it('a finished video replaces its placeholder; a revealed photo replaces the blurred one', async () => {
    const pending = herMessage({ _id: 'v1', eventType: 'video_pending', message: 'One moment' });
    const blurred = herMessage({
      _id: 'p1',
      isBlured: true,
      bluredContent: '/media/b.jpg',
      eventType: 'photo',
    });
    const { queryClient, thread, view } = mediaSetup([pending, blurred]);
    const handlers = createRealtimeHandlers(queryClient, {
      getActiveChatId: () => 'c1',
      setTokens: vi.fn(),
      onBanned: vi.fn(),
    });
    handlers.message!({
      chatId: 'c1',
      message: { ...pending, eventType: 'video', video: '/media/clip.webm', message: 'Here it is' },
    });
    handlers.message!({
      chatId: 'c1',
      message: { ...blurred, isBlured: false, bluredContent: null, photo: '/media/p.jpg' },
    });
    const messages = threadMessages(thread());
    expect(messages.map((m) => m._id)).toEqual(['v1', 'p1']);
    expect(messages[0]).toMatchObject({ eventType: 'video', video: '/media/clip.webm' });
    expect(messages[1]).toMatchObject({ isBlured: false, photo: '/media/p.jpg' });

    view(
      <>
        <MessageMedia message={messages[0]!} botName="Mia" />
        <MessageMedia message={messages[1]!} botName="Mia" />
      </>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('message-video')).toHaveAttribute('src', '/media/clip.webm?s=signed'),
    );
    expect(screen.queryByTestId('reveal-button')).not.toBeInTheDocument();
    expect(await screen.findByTestId('message-photo')).toHaveAttribute('src', '/media/p.jpg?s=signed');
  });
});
