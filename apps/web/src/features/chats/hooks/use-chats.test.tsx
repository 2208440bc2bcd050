import type { Chat, Message } from '@amora/shared/chat.ts';
import type { User } from '@amora/shared/user.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../auth/store.ts';
import { chatKeys } from '../api/chats-api.ts';
import { useChatsStore } from '../store.ts';
import { useActiveChatFollowsAddress, useUnreadCount } from './use-chats.ts';
import { testMessage } from '../../../test/message.ts';

const chat = (id: string, last: Partial<Message> | null, patch: Partial<Chat> = {}) =>
  ({ _id: id, lastMessage: last ? testMessage({ _id: `${id}-last`, ...last }) : null, ...patch }) as Chat;

function setup(list: Chat[]) {
  useAuthStore.setState({ user: { _id: 'u1', tokens: 10 } as User, accessToken: 't', status: 'ready' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData<Chat[]>(chatKeys.list(), list);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  let renders = 0;
  const hook = renderHook(
    () => {
      renders++;
      return useUnreadCount();
    },
    { wrapper },
  );
  // The query cache tells its observers on the next tick: wait for it inside act.
  const setList = (next: Chat[]) =>
    act(async () => {
      queryClient.setQueryData<Chat[]>(chatKeys.list(), next);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  return { hook, setList, renders: () => renders };
}

afterEach(() => {
  useChatsStore.setState({ activeChatId: null });
});

describe('useUnreadCount', () => {
  it('renders when the count changes, not with every change to the chat list', async () => {
    const { hook, setList, renders } = setup([chat('c1', { self: false, readed: false }), chat('c2', null)]);
    expect(hook.result.current).toBe(1);
    const before = renders();
    // a new level and mood on a chat: the list changes, the count does not
    await setList([chat('c1', { self: false, readed: false }, { level: 2 }), chat('c2', null)]);
    expect(renders()).toBe(before);
    // her message arrives in the second chat: now two are unread
    await setList([chat('c1', { self: false, readed: false }), chat('c2', { self: false, readed: false })]);
    expect(hook.result.current).toBe(2);
    expect(renders()).toBe(before + 1);
  });

  it('does not count the chat on screen', () => {
    const { hook } = setup([
      chat('c1', { self: false, readed: false }),
      chat('c2', { self: false, readed: false }),
    ]);
    expect(hook.result.current).toBe(2);
    act(() => useChatsStore.getState().setActiveChatId('c2'));
    expect(hook.result.current).toBe(1);
  });
});

describe('the chat the app opens on', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    vi.resetModules();
  });

  it('is the chat on screen from the start, so the badge never counts it while it loads', async () => {
    window.history.replaceState(null, '', '/chat/c%207');
    vi.resetModules();
    const { useChatsStore: fresh } = await import('../store.ts');
    expect(fresh.getState().activeChatId).toBe('c 7');
  });

  it('is none on any other page', async () => {
    window.history.replaceState(null, '', '/chat/c7/info');
    vi.resetModules();
    const { useChatsStore: fresh } = await import('../store.ts');
    expect(fresh.getState().activeChatId).toBeNull();
  });
});

describe('the chat on screen follows the address', () => {
  function Guard() {
    useActiveChatFollowsAddress();
    return null;
  }
  const mount = (path: string) => {
    const router = createMemoryRouter([{ path: '*', element: <Guard /> }], { initialEntries: [path] });
    render(<RouterProvider router={router} />);
    return router;
  };

  it('stops counting the chat the app opened on once the address leaves it before it loaded', async () => {
    useChatsStore.setState({ activeChatId: 'c7' });
    const router = mount('/chat/c7');
    expect(useChatsStore.getState().activeChatId).toBe('c7');
    await act(() => router.navigate('/models'));
    expect(useChatsStore.getState().activeChatId).toBeNull();
  });

  it('leaves the chat of the address alone, and its info page clears it', async () => {
    useChatsStore.setState({ activeChatId: 'c 7' });
    const router = mount('/chat/c%207');
    await act(() => router.navigate('/chat/c%207?x=1'));
    expect(useChatsStore.getState().activeChatId).toBe('c 7');
    await act(() => router.navigate('/chat/c%207/info'));
    expect(useChatsStore.getState().activeChatId).toBeNull();
  });
});
