import type { ChatWithMessages, Message } from '@amora/shared/chat.ts';
import type { User } from '@amora/shared/user.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../auth/store.ts';
import { useWalletUiStore } from '../../wallet/store.ts';
import type * as ChatsApi from '../api/chats-api.ts';
import { chatKeys } from '../api/chats-api.ts';
import { threadMessages, type ChatThread } from '../cache.ts';
import { useSendMessage } from './use-send-message.ts';
import { testMessage } from '../../../test/message.ts';

const sendTextMessage =
  vi.fn<(chatId: string, text: string) => Promise<{ updatedTokens: number; message: Message }>>();
vi.mock('../api/chats-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ChatsApi>()),
  sendTextMessage: (chatId: string, text: string) => sendTextMessage(chatId, text),
}));

const stored = testMessage({ _id: 'm2', readed: true, self: true });

function setup(tokens = 100) {
  useAuthStore.setState({ user: { _id: 'u1', tokens } as User, accessToken: 't', status: 'ready' });
  useWalletUiStore.setState({ noTokensOpen: false });
  const queryClient = new QueryClient();
  const page = { _id: 'c1', locked: false, messages: [], hasMore: false } as unknown as ChatWithMessages;
  queryClient.setQueryData<ChatThread>(chatKeys.thread('c1'), { pages: [page], pageParams: [undefined] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useSendMessage('c1', 'b1'), { wrapper });
  const thread = () => queryClient.getQueryData<ChatThread>(chatKeys.thread('c1'))!;
  return { hook, thread };
}

describe('useSendMessage', () => {
  beforeEach(() => {
    sendTextMessage.mockReset();
  });

  it('shows the message at once (first letter uppercase), locks the chat, then swaps in the stored one', async () => {
    let resolve: (v: { updatedTokens: number; message: Message }) => void = () => undefined;
    sendTextMessage.mockImplementation(() => new Promise((r) => (resolve = r)));
    const { hook, thread } = setup();
    let sent: Promise<boolean> = Promise.resolve(false);
    act(() => {
      sent = hook.result.current.send('  hello there ');
    });
    expect(sendTextMessage).toHaveBeenCalledWith('c1', 'Hello there');
    expect(threadMessages(thread()).map((m) => m.message)).toEqual(['Hello there']);
    expect(threadMessages(thread())[0]!._id).toMatch(/^tmp-/);
    expect(thread().pages[0]!.locked).toBe(true);
    await act(async () => {
      resolve({ updatedTokens: 98, message: stored });
      await sent;
    });
    expect(await sent).toBe(true);
    expect(threadMessages(thread()).map((m) => m._id)).toEqual(['m2']);
    expect(useAuthStore.getState().user?.tokens).toBe(98);
  });

  it('on CHAT_LOCKED takes the message back, keeps the chat locked and explains', async () => {
    sendTextMessage.mockRejectedValue(new ApiError(409, 'CHAT_LOCKED', 'Chat is locked'));
    const { hook, thread } = setup();
    let ok = true;
    await act(async () => {
      ok = await hook.result.current.send('hi');
    });
    expect(ok).toBe(false);
    expect(threadMessages(thread())).toHaveLength(0);
    expect(thread().pages[0]!.locked).toBe(true);
    expect(hook.result.current.error).toMatch(/still replying/i);
  });

  it('on another error unlocks again and shows the server message', async () => {
    sendTextMessage.mockRejectedValue(new ApiError(400, 'MESSAGE_TOO_LONG', 'Message is too long'));
    const { hook, thread } = setup();
    await act(async () => {
      await hook.result.current.send('hi');
    });
    expect(thread().pages[0]!.locked).toBe(false);
    expect(hook.result.current.error).toBe('Message is too long');
  });

  it('with too few tokens opens the no-tokens popup and sends nothing', async () => {
    const { hook } = setup(1);
    let ok = true;
    await act(async () => {
      ok = await hook.result.current.send('hi');
    });
    expect(ok).toBe(false);
    expect(sendTextMessage).not.toHaveBeenCalled();
    expect(useWalletUiStore.getState().noTokensOpen).toBe(true);
  });

  it('on INSUFFICIENT_TOKENS opens the no-tokens popup', async () => {
    sendTextMessage.mockRejectedValue(new ApiError(402, 'INSUFFICIENT_TOKENS', 'Not enough tokens'));
    const { hook } = setup();
    await act(async () => {
      await hook.result.current.send('hi');
    });
    expect(useWalletUiStore.getState().noTokensOpen).toBe(true);
  });
});
