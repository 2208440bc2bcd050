import type { Chat } from '@amora/shared/chat.ts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useIsSignedIn } from '../../auth/store.ts';
import { chatKeys, fetchChatPage, fetchChats } from '../api/chats-api.ts';
import { countUnread, olderPageParam } from '../cache.ts';
import { useChatsStore } from '../store.ts';

export function useChats() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: chatKeys.list(),
    queryFn: ({ signal }) => fetchChats(signal).then((r): Chat[] => r.data),
    enabled: signedIn,
  });
}

/** Chats whose last message is hers and unread (the one on screen does not count). */
export function useUnreadCount(): number {
  const { data } = useChats();
  const activeChatId = useChatsStore((s) => s.activeChatId);
  return countUnread(data?.filter((chat) => chat._id !== activeChatId));
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
