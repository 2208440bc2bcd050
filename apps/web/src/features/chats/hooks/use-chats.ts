import type { Chat } from '@amora/shared/chat.ts';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useIsSignedIn } from '../../auth/store.ts';
import { chatKeys, fetchChatPage, fetchChats } from '../api/chats-api.ts';
import { countUnread, olderPageParam } from '../cache.ts';
import { chatIdOfPath, useChatsStore } from '../store.ts';

const fetchChatList = ({ signal }: { signal: AbortSignal }): Promise<Chat[]> =>
  fetchChats(signal).then((r) => r.data);

/** The signed-in user's chat list: one query that `useChats` and `useUnreadCount` read. */
const chatList = (signedIn: boolean) =>
  queryOptions({ queryKey: chatKeys.list(), queryFn: fetchChatList, enabled: signedIn });

export function useChats() {
  return useQuery(chatList(useIsSignedIn()));
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
  const { data } = useQuery({ ...chatList(signedIn), select });
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

/**
 * Keeps the chat on screen to the address: the chat the app opened on counts as on screen before
 * its conversation mounts (decision 199), so leaving its address first must clear it, or the badge
 * would never count that chat and its new messages would be marked read.
 */
export function useActiveChatFollowsAddress(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const { activeChatId, setActiveChatId } = useChatsStore.getState();
    if (activeChatId !== null && chatIdOfPath(pathname) !== activeChatId) setActiveChatId(null);
  }, [pathname]);
}
