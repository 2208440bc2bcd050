import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client.ts';
import { connectSocket, disconnectSocket } from '../../../lib/socket.ts';
import { clearSession, reloadUser } from '../../auth/session.ts';
import { useAuthStore } from '../../auth/store.ts';
import { chatKeys } from '../api/chats-api.ts';
import { createRealtimeHandlers } from '../realtime.ts';
import { useChatsStore } from '../store.ts';

/** Keeps one socket open while a user is signed in, and feeds its events into the caches. */
export function useRealtime(): void {
  const queryClient = useQueryClient();
  const userId = useAuthStore((s) => s.user?._id ?? null);

  useEffect(() => {
    if (!userId) return;
    let everConnected = false;
    const handlers = createRealtimeHandlers(queryClient, {
      getActiveChatId: () => useChatsStore.getState().activeChatId,
      setTokens: (tokens) => useAuthStore.getState().setTokens(tokens),
      onBanned: (reason) => useAuthStore.getState().setBanned(reason),
      onUnbanned: () => useAuthStore.getState().clearBan(),
      onUserRefresh: () => void reloadUser(),
    });
    void connectSocket({
      getToken: () => useAuthStore.getState().accessToken,
      getUserId: () => useAuthStore.getState().user?._id ?? null,
      refresh: () => api.refreshAccessToken(),
      onSessionExpired: clearSession,
      handlers,
      // Banned before this socket connected (the live `banned` event was missed): the user's own
      // record carries the reason, and the ban modal opens from it.
      onBanned: () => void reloadUser(),
      onStatusChange: (connected) => {
        useChatsStore.getState().setSocketConnected(connected);
        // Events may have been missed while we were away: catch up from the API.
        if (connected) {
          // The user (balance, ban) may have changed between loading it and this connect.
          void reloadUser();
          if (everConnected) void queryClient.invalidateQueries({ queryKey: chatKeys.all });
          everConnected = true;
        }
      },
    });
    return () => {
      disconnectSocket();
      useChatsStore.getState().setSocketConnected(false);
    };
  }, [userId, queryClient]);
}
