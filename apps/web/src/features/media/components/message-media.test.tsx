import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../auth/store.ts';
import { threadMessages } from '../../chats/cache.ts';
import { createRealtimeHandlers } from '../../chats/realtime.ts';
import { useWalletUiStore } from '../../wallet/store.ts';
import type * as MediaApi from '../api/media-api.ts';
import { herMessage, mediaSetup } from '../media-test-fixtures.tsx';
import { MessageMedia } from './message-media.tsx';
import type * as ProtectedMedia from '../protected-media.ts';

const revealMessage = vi.fn<typeof MediaApi.revealMessage>();
const generateVideo = vi.fn<typeof MediaApi.generateVideo>();
const regenerateVideo = vi.fn<typeof MediaApi.regenerateVideo>();

// Signed URLs as the server would give them (decision 040): the plain URL plus a signature.
vi.mock('../protected-media.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ProtectedMedia>()),
  signMediaUrl: (url: string) =>
    Promise.resolve({ url: `${url}?s=signed`, expiresAt: Date.now() + 3_600_000 }),
}));
vi.mock('../api/media-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof MediaApi>()),
  revealMessage: (chatId: string, messageId: string) => revealMessage(chatId, messageId),
  generateVideo: (chatId: string) => generateVideo(chatId),
  regenerateVideo: (messageId: string) => regenerateVideo(messageId),
}));

beforeEach(() => {
  revealMessage.mockReset();
  generateVideo.mockReset();
  regenerateVideo.mockReset();
});

describe('MessageMedia: photos', () => {
  it('shows her photo as a button that opens it full size', async () => {
    const user = userEvent.setup();
    const message = herMessage({ photo: '/media/p1.jpg', eventType: 'photo' });
    const { view } = mediaSetup([message]);
    view(<MessageMedia message={message} botName="Mia" />);
    await user.click(await screen.findByRole('button', { name: 'Open full size: Photo from Mia' }));
    const viewer = screen.getByRole('dialog', { name: 'Photo from Mia' });
    expect(within(viewer).getByRole('img', { name: 'Photo from Mia' })).toHaveAttribute(
      'src',
      '/media/p1.jpg?s=signed',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('reveals a blurred photo for its price from settings and shows the opened one', async () => {
    const user = userEvent.setup();
    const blurred = herMessage({ isBlured: true, bluredContent: '/media/p1-blur.jpg', eventType: 'photo' });
    const opened = { ...blurred, isBlured: false, bluredContent: null, photo: '/media/p1.jpg' };
    revealMessage.mockResolvedValue({ updatedTokens: 70, message: opened });
    const { view, thread } = mediaSetup([blurred]);
    const { rerender } = view(<MessageMedia message={blurred} botName="Mia" />);
    expect(await screen.findByRole('img', { name: 'A blurred photo from Mia' })).toHaveAttribute(
      'src',
      '/media/p1-blur.jpg?s=signed',
    );
    await user.click(screen.getByRole('button', { name: 'Reveal for 30 tokens' }));
    expect(revealMessage).toHaveBeenCalledWith('c1', 'm1');
    await waitFor(() => expect(useAuthStore.getState().user?.tokens).toBe(70));
    const stored = threadMessages(thread())[0]!;
    expect(stored).toMatchObject({ isBlured: false, photo: '/media/p1.jpg' });
    rerender(<MessageMedia message={stored} botName="Mia" />);
    expect(screen.queryByTestId('reveal-button')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Photo from Mia' })).toHaveAttribute(
        'src',
        '/media/p1.jpg?s=signed',
      ),
    );
  });

  it('opens the no-tokens dialog when the balance cannot pay (402)', async () => {
    const user = userEvent.setup();
    const blurred = herMessage({ isBlured: true, bluredContent: '/media/p1-blur.jpg', eventType: 'photo' });
    revealMessage.mockRejectedValue(new ApiError(402, 'INSUFFICIENT_TOKENS', 'Not enough tokens'));
    const { view, thread } = mediaSetup([blurred], 5);
    view(<MessageMedia message={blurred} botName="Mia" />);
    await user.click(screen.getByRole('button', { name: 'Reveal for 30 tokens' }));
    await waitFor(() => expect(useWalletUiStore.getState().noTokensOpen).toBe(true));
    expect(threadMessages(thread())[0]!.isBlured).toBe(true);
    expect(useAuthStore.getState().user?.tokens).toBe(5);
  });

  it('locks a voice note the same way, at the voice price', async () => {
    const user = userEvent.setup();
    const locked = herMessage({ message: '', isBlured: true, eventType: 'voice' });
    revealMessage.mockResolvedValue({
      updatedTokens: 88,
      message: { ...locked, isBlured: false, voice: '/media/v1.ogg', message: 'Hi, it is me' },
    });
    const { view, thread } = mediaSetup([locked]);
    view(<MessageMedia message={locked} botName="Mia" />);
    expect(screen.getByText('Mia sent you a voice message')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reveal for 12 tokens' }));
    await waitFor(() => expect(threadMessages(thread())[0]!.voice).toBe('/media/v1.ogg'));
  });

  it('plays an open voice note with the player', async () => {
    const message = herMessage({ voice: '/media/v1.ogg', eventType: 'voice' });
    const { view } = mediaSetup([message]);
    view(<MessageMedia message={message} botName="Mia" />);
    expect(screen.getByRole('button', { name: 'Play voice message from Mia' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('voice-audio')).toHaveAttribute('src', '/media/v1.ogg?s=signed'),
    );
  });

  it('says which level unlocks what she declined', () => {
    const message = herMessage({ eventType: 'level:2', message: 'Not yet, sweetie' });
    const { view } = mediaSetup([message]);
    view(<MessageMedia message={message} botName="Mia" />);
    expect(screen.getByTestId('level-required')).toHaveTextContent('Available at level 2');
  });
});

describe('MessageMedia: videos', () => {
  const videoJob = {
    _id: 'j1',
    chatId: 'c1',
    messageId: 'm1',
    status: 'pending' as const,
    cost: 0,
    attempts: 1,
  };

  it('shows a video in progress, then the clip when the server replaces the message', async () => {
    const pending = herMessage({ eventType: 'video_pending', message: 'Give me a moment' });
    const { view } = mediaSetup([pending]);
    const { rerender } = view(<MessageMedia message={pending} botName="Mia" />);
    expect(screen.getByTestId('video-pending')).toHaveTextContent('Mia is making your video…');
    rerender(
      <MessageMedia message={{ ...pending, eventType: 'video', video: '/media/clip.webm' }} botName="Mia" />,
    );
    const video = screen.getByTestId('message-video');
    await waitFor(() => expect(video).toHaveAttribute('src', '/media/clip.webm?s=signed'));
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAccessibleName('Video from Mia');
  });

  it('taking longer than planned: says so and offers Regenerate', async () => {
    const user = userEvent.setup();
    const slow = herMessage({
      eventType: 'video_pending',
      date: new Date(Date.now() - 61_000).toISOString(),
    });
    regenerateVideo.mockResolvedValue({ updatedTokens: 100, job: videoJob, message: { ...slow } });
    const { view } = mediaSetup([slow]);
    view(<MessageMedia message={slow} botName="Mia" />);
    expect(screen.getByTestId('video-slow')).toHaveTextContent(
      'Video generation is taking longer than planned',
    );
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(regenerateVideo).toHaveBeenCalledWith('m1');
    // The job restarted: back to "in progress".
    await waitFor(() => expect(screen.getByTestId('video-pending')).toBeInTheDocument());
  });

  it('an error offers Try again', async () => {
    const user = userEvent.setup();
    const failed = herMessage({ eventType: 'video_error' });
    regenerateVideo.mockResolvedValue({
      updatedTokens: 100,
      job: videoJob,
      message: { ...failed, eventType: 'video_pending' },
    });
    const { view, thread } = mediaSetup([failed]);
    view(<MessageMedia message={failed} botName="Mia" />);
    expect(screen.getByTestId('video-error')).toHaveTextContent('Error. Please, try again');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(threadMessages(thread())[0]!.eventType).toBe('video_pending'));
  });

  it('"Get video" shows the price from settings and asks for the video', async () => {
    const user = userEvent.setup();
    const offer = herMessage({ eventType: 'offer:video', message: 'Want a video?' });
    const placeholder = herMessage({
      _id: 'm2',
      eventType: 'video_pending',
      date: new Date(Date.now() + 1000).toISOString(),
    });
    generateVideo.mockResolvedValue({
      updatedTokens: 100,
      job: { ...videoJob, messageId: 'm2' },
      message: placeholder,
    });
    const { view, thread } = mediaSetup([offer]);
    view(<MessageMedia message={offer} botName="Mia" />);
    expect(screen.getByText('Your first video is free')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get video for 250 tokens' }));
    expect(generateVideo).toHaveBeenCalledWith('c1');
    await waitFor(() => expect(threadMessages(thread()).map((m) => m._id)).toEqual(['m1', 'm2']));
  });

  it('a clip the socket delivered before the HTTP answer is not replaced by the older placeholder', async () => {
    const user = userEvent.setup();
    const offer = herMessage({ eventType: 'offer:video' });
    const placeholder = herMessage({
      _id: 'm2',
      eventType: 'video_pending',
      date: new Date(Date.now() + 1000).toISOString(),
    });
    const { view, thread, queryClient } = mediaSetup([offer]);
    generateVideo.mockImplementation(() => {
      // The socket is faster: the placeholder, then the finished clip, arrive first.
      const handlers = createRealtimeHandlers(queryClient, {
        getActiveChatId: () => 'c1',
        setTokens: vi.fn(),
        onBanned: vi.fn(),
      });
      handlers.message!({ chatId: 'c1', message: placeholder });
      handlers.message!({
        chatId: 'c1',
        message: { ...placeholder, eventType: 'video', video: '/media/clip.webm' },
      });
      return Promise.resolve({
        updatedTokens: 100,
        job: { ...videoJob, messageId: 'm2' },
        message: placeholder,
      });
    });
    view(<MessageMedia message={offer} botName="Mia" />);
    await user.click(screen.getByRole('button', { name: 'Get video for 250 tokens' }));
    await waitFor(() => expect(generateVideo).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('get-video')).not.toHaveAttribute('aria-busy'));
    expect(threadMessages(thread()).find((m) => m._id === 'm2')).toMatchObject({
      eventType: 'video',
      video: '/media/clip.webm',
    });
  });

  it('a refused request shows the server message', async () => {
    const user = userEvent.setup();
    const offer = herMessage({ eventType: 'offer:video' });
    generateVideo.mockRejectedValue(new ApiError(403, 'FORBIDDEN', 'Available at level 4'));
    const { view } = mediaSetup([offer]);
    const { useToastStore } = await import('../../../components/ui/toast-store.ts');
    view(<MessageMedia message={offer} botName="Mia" />);
    await user.click(screen.getByRole('button', { name: 'Get video for 250 tokens' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Available at level 4'),
    );
  });
});
