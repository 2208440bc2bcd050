import type { Chat } from '@amora/shared/chat.ts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useIsSignedIn } from '../../auth/store.ts';
import { chatKeys, fetchChatPage, fetchChats } from '../api/chats-api.ts';
import { countUnread, olderPageParam } from '../cache.ts';
import { useChatsStore } from '../store.ts';

const fetchChatList = ({ signal }: { signal: AbortSignal }): Promise<Chat[]> =>
  fetchChats(signal).then((r) => r.data);

export function useChats() {
  const signedIn = useIsSignedIn();
  return useQuery({ queryKey: chatKeys.list(), queryFn: fetchChatList, enabled: signedIn });
}

/**
 * Chats whose last message is hers and unread (the one on screen does not count). The count is
 * selected inside the query, so the top bar and the bottom navigation render when it changes, not
 * with every change to the list (a new last message, a level, a mood).
 */
export function useUnreadCount(): number {
  const signedIn = useIsSignedIn();
  const activeChatId = useChatsStore((s) => s.activeChatId);
  const select = useCallback(
    (chats: Chat[]) => countUnread(chats.filter((chat) => chat._id !== activeChatId)),
    [activeChatId],
  );
  const { data } = useQuery({ queryKey: chatKeys.list(), queryFn: fetchChatList, enabled: signedIn, select });
  return data ?? 0;
}

export function useChatThread(id: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.thread(id),
    queryFn: ({ pageParam, signal }) => fetchChatPage(id, pageParam, signal).then((r) => r.data),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => olderPageParam(lastPage),
    staleTime: 60_000,
  });
}
