import type { Message } from '@amora/shared/chat.ts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { useAuthStore } from '../auth/store.ts';
import { chatKeys } from './api/chats-api.ts';
import { isTempId, threadMessages, type ChatThread } from './cache.ts';
import { optimisticMessage, sendOptimistically } from './optimistic-send.ts';

function setup(locked = false) {
  const queryClient = new QueryClient();
  const page = { _id: 'c1', locked, messages: [] as Message[], hasMore: false };
  queryClient.setQueryData(chatKeys.thread('c1'), { pages: [page], pageParams: [undefined] });
  const thread = () => queryClient.getQueryData<ChatThread>(chatKeys.thread('c1'))!;
  return { queryClient, thread };
}

describe('sendOptimistically', () => {
  it('shows the message at once with the chat locked, then swaps in the stored one', async () => {
    const { queryClient, thread } = setup();
    const setTokens = vi.spyOn(useAuthStore.getState(), 'setTokens');
    const temp = optimisticMessage('c1', 'b1', { message: 'Hi' });
    expect(isTempId(temp._id)).toBe(true);
    let resolve!: (v: { updatedTokens: number; message: Message }) => void;
    const pending = sendOptimistically(queryClient, temp, () => new Promise((r) => (resolve = r)));
    expect(threadMessages(thread()).map((m) => m._id)).toEqual([temp._id]);
    expect(thread().pages[0]!.locked).toBe(true);
    const stored = { ...temp, _id: 'm1' };
    resolve({ updatedTokens: 77, message: stored });
    await expect(pending).resolves.toEqual(stored);
    expect(threadMessages(thread()).map((m) => m._id)).toEqual(['m1']);
    expect(setTokens).toHaveBeenCalledWith(77);
  });

  it('takes the message back on failure and rethrows; CHAT_LOCKED keeps the lock, others restore it', async () => {
    const { queryClient, thread } = setup(false);
    const photo = optimisticMessage('c1', 'b1', { photo: 'data:image/jpeg;base64,AA', eventType: 'photo' });
    const boom = new ApiError(500, 'INTERNAL', 'boom');
    await expect(sendOptimistically(queryClient, photo, () => Promise.reject(boom))).rejects.toBe(boom);
    expect(threadMessages(thread())).toEqual([]);
    expect(thread().pages[0]!.locked).toBe(false);

    const locked = new ApiError(409, 'CHAT_LOCKED', 'wait');
    await expect(
      sendOptimistically(queryClient, optimisticMessage('c1', 'b1', { message: 'Again' }), () =>
        Promise.reject(locked),
      ),
    ).rejects.toBe(locked);
    expect(thread().pages[0]!.locked).toBe(true);
  });
});
