import type { Chat } from '@amora/shared/chat.ts';
import type { QueryClient } from '@tanstack/react-query';
import type { SocketHandlers } from '../../lib/socket.ts';
import { aiStatusKey } from './api/ai-status-api.ts';
import { chatKeys } from './api/chats-api.ts';
import { useSafetyStore } from '../safety/store.ts';
import {
  chatStatePatch,
  listWithMessage,
  markListRead,
  markMessageFailed,
  markThreadRead,
  patchListChat,
  patchThread,
  upsertMessage,
  type ChatThread,
} from './cache.ts';

export type RealtimeDeps = {
  /** The chat on screen (its new messages are read at once). */
  getActiveChatId: () => string | null;
  setTokens: (tokens: number) => void;
  onBanned: (reason: string | null) => void;
  onUnbanned?: () => void;
  /** The server changed the user's subscription: load the user again. */
  onUserRefresh?: () => void;
};

/** Socket event handlers that keep the react-query caches and stores in step with the server. */
export function createRealtimeHandlers(queryClient: QueryClient, deps: RealtimeDeps): SocketHandlers {
  const updateThread = (chatId: string, fn: (thread: ChatThread) => ChatThread) => {
    queryClient.setQueryData<ChatThread>(chatKeys.thread(chatId), (thread) => (thread ? fn(thread) : thread));
  };
  const updateList = (fn: (list: Chat[]) => Chat[]) => {
    queryClient.setQueryData<Chat[]>(chatKeys.list(), (list) => (list ? fn(list) : list));
  };
  const listHas = (chatId: string) =>
    queryClient.getQueryData<Chat[]>(chatKeys.list())?.some((c) => c._id === chatId) ?? false;

  return {
    message: ({ chatId, message }) => {
      updateThread(chatId, (thread) => {
        const next = upsertMessage(thread, message);
        return message.self ? next : patchThread(next, { typing: null });
      });
      if (listHas(chatId))
        updateList((list) => listWithMessage(list, chatId, message, deps.getActiveChatId() === chatId));
      else void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    },
    typing: ({ chatId, state }) => {
      updateThread(chatId, (thread) => patchThread(thread, { typing: state }));
      updateList((list) => patchListChat(list, chatId, { typing: state }));
    },
    chat: (payload) => {
      const patch = chatStatePatch(payload);
      updateThread(payload.chatId, (thread) => patchThread(thread, patch));
      updateList((list) => patchListChat(list, payload.chatId, patch));
    },
    tokens: ({ tokens }) => {
      deps.setTokens(tokens);
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    },
    message_failed: ({ chatId, messageId }) => {
      updateThread(chatId, (thread) => markMessageFailed(thread, messageId));
    },
    read: ({ chatId }) => {
      updateThread(chatId, markThreadRead);
      updateList((list) => markListRead(list, chatId));
    },
    chat_reset: ({ chatId }) => {
      void queryClient.resetQueries({ queryKey: chatKeys.thread(chatId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    },
    all_reset: () => {
      void queryClient.resetQueries({ queryKey: chatKeys.all });
    },
    banned: ({ reason }) => {
      deps.onBanned(reason);
    },
    unbanned: () => {
      deps.onUnbanned?.();
    },
    safety_hold: () => useSafetyStore.getState().setHold('review'),
    safety_released: () => useSafetyStore.getState().setHold('none'),
    user_refresh: () => {
      deps.onUserRefresh?.();
      // The subscription view (['subscription', 'last']) and the wallet: fetched again when shown.
      void queryClient.invalidateQueries({ queryKey: ['subscription'] });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    },
    ai_status: (status) => {
      queryClient.setQueryData(aiStatusKey, status);
    },
  };
}
