import type { Message } from '@amora/shared/chat.ts';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../auth/store.ts';
import { threadMessages } from '../../chats/cache.ts';
import { useWalletUiStore } from '../../wallet/store.ts';
import type * as MediaApi from '../api/media-api.ts';
import { herMessage, mediaSetup } from '../media-test-fixtures.tsx';
import type * as ResizeImage from '../resize-image.ts';
import { ImageReadError } from '../resize-image.ts';
import { useSendPhoto } from './use-send-photo.ts';

const sendPhotoMessage = vi.fn<typeof MediaApi.sendPhotoMessage>();
vi.mock('../api/media-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof MediaApi>()),
  sendPhotoMessage: (chatId: string, photo: string) => sendPhotoMessage(chatId, photo),
}));
const resizeImage = vi.fn<(file: Blob) => Promise<string>>();
vi.mock('../resize-image.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ResizeImage>()),
  resizeImage: (file: Blob) => resizeImage(file),
}));

const JPEG = 'data:image/jpeg;base64,/9j/AAAA';
const file = new File(['x'], 'me.jpg', { type: 'image/jpeg' });

function setup(tokens = 100) {
  const s = mediaSetup([], tokens);
  const hook = renderHook(() => useSendPhoto('c1', 'b1'), { wrapper: s.wrapper });
  return { ...s, hook };
}

beforeEach(() => {
  sendPhotoMessage.mockReset();
  resizeImage.mockReset().mockResolvedValue(JPEG);
  useToastStore.setState({ toasts: [] });
});

describe('useSendPhoto', () => {
  it('sends the resized photo, shows it at once and locks the chat, then swaps in the stored one', async () => {
    let resolve: (v: { updatedTokens: number; message: Message }) => void = () => undefined;
    sendPhotoMessage.mockImplementation(() => new Promise((r) => (resolve = r)));
    const { hook, thread } = setup();
    let sent: Promise<boolean> = Promise.resolve(false);
    await act(async () => {
      sent = hook.result.current.send(file);
      await Promise.resolve();
    });
    expect(resizeImage).toHaveBeenCalledWith(file);
    expect(sendPhotoMessage).toHaveBeenCalledWith('c1', JPEG);
    const [temp] = threadMessages(thread());
    expect(temp).toMatchObject({ self: true, photo: JPEG });
    expect(temp!._id).toMatch(/^tmp-/);
    expect(thread().pages[0]!.locked).toBe(true);
    const stored = herMessage({
      _id: 'm9',
      self: true,
      message: '',
      photo: '/media/u/1.jpg',
      eventType: 'photo',
    });
    await act(async () => {
      resolve({ updatedTokens: 95, message: stored });
      await sent;
    });
    expect(await sent).toBe(true);
    expect(threadMessages(thread()).map((m) => m._id)).toEqual(['m9']);
    expect(useAuthStore.getState().user?.tokens).toBe(95);
  });

  it('takes the photo back and shows the server message when refused (403)', async () => {
    sendPhotoMessage.mockRejectedValue(new ApiError(403, 'FORBIDDEN', 'Available at level 3'));
    const { hook, thread } = setup();
    let ok = true;
    await act(async () => {
      ok = await hook.result.current.send(file);
    });
    expect(ok).toBe(false);
    expect(threadMessages(thread())).toEqual([]);
    expect(thread().pages[0]!.locked).toBe(false);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Available at level 3');
  });

  it('a 400 (not a real image) is shown too', async () => {
    sendPhotoMessage.mockRejectedValue(
      new ApiError(400, 'VALIDATION_ERROR', 'The photo must be a JPEG, PNG or WebP image'),
    );
    const { hook } = setup();
    await act(async () => {
      await hook.result.current.send(file);
    });
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      kind: 'error',
      message: 'The photo must be a JPEG, PNG or WebP image',
    });
  });

  it('402 opens the no-tokens dialog; a short balance does not even try', async () => {
    sendPhotoMessage.mockRejectedValue(new ApiError(402, 'INSUFFICIENT_TOKENS', 'Not enough tokens'));
    const { hook } = setup();
    await act(async () => {
      await hook.result.current.send(file);
    });
    expect(useWalletUiStore.getState().noTokensOpen).toBe(true);

    sendPhotoMessage.mockClear();
    const poor = setup(2);
    await act(async () => {
      await poor.hook.result.current.send(file);
    });
    expect(sendPhotoMessage).not.toHaveBeenCalled();
    expect(useWalletUiStore.getState().noTokensOpen).toBe(true);
  });

  it('a file that is not an image never reaches the server', async () => {
    resizeImage.mockRejectedValue(new ImageReadError('not an image'));
    const { hook, thread } = setup();
    await act(async () => {
      await hook.result.current.send(new File(['x'], 'a.txt', { type: 'text/plain' }));
    });
    expect(sendPhotoMessage).not.toHaveBeenCalled();
    expect(threadMessages(thread())).toEqual([]);
    expect(useToastStore.getState().toasts[0]?.message).toMatch(/isn't a photo we can send/);
  });
});
