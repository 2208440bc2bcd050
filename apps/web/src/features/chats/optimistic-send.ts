import type { Chat, Message } from '@amora/shared/chat.ts';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api-client.ts';
import { useAuthStore } from '../auth/store.ts';
import { chatKeys } from './api/chats-api.ts';
import {
  appendMessage,
  listWithMessage,
  patchThread,
  removeMessage,
  replaceMessage,
  TEMP_ID_PREFIX,
  type ChatThread,
} from './cache.ts';

let tempCounter = 0;

/** The user's message as shown before the server stored it (a temporary `_id`). */
export function optimisticMessage(
  chatId: string,
  botId: string,
  content: { message?: string; photo?: string | null; eventType?: string | null },
): Message {
  tempCounter += 1;
  return {
    _id: `${TEMP_ID_PREFIX}${Date.now()}-${tempCounter}`,
    chatId,
    botId,
    message: content.message ?? '',
    bluredContent: null,
    date: new Date().toISOString(),
    like: false,
    readed: true,
    failed: false,
    self: true,
    eventType: content.eventType ?? null,
    delay: null,
    responseMessageId: null,
    isBlured: false,
    photo: content.photo ?? null,
    voice: null,
    video: null,
    language: null,
  };
}

/**
 * Sends a message of the user optimistically: it shows at once and the chat locks until her
 * reply; the stored message takes its place when the server answers (balance and chat list
 * follow). On failure the message is taken back, the lock restored (kept on CHAT_LOCKED) and the
 * error rethrown for the caller to report.
 */
export async function sendOptimistically(
  queryClient: QueryClient,
  temp: Message,
  request: () => Promise<{ updatedTokens: number; message: Message }>,
): Promise<Message> {
  const chatId = temp.chatId;
  const key = chatKeys.thread(chatId);
  const wasLocked = queryClient.getQueryData<ChatThread>(key)?.pages[0]?.locked ?? false;
  queryClient.setQueryData<ChatThread>(key, (thread) =>
    thread ? patchThread(appendMessage(thread, temp), { locked: true }) : thread,
  );
  try {
    const response = await request();
    useAuthStore.getState().setTokens(response.updatedTokens);
    queryClient.setQueryData<ChatThread>(key, (thread) =>
      thread ? replaceMessage(thread, temp._id, response.message) : thread,
    );
    queryClient.setQueryData<Chat[]>(chatKeys.list(), (list) =>
      list ? listWithMessage(list, chatId, response.message, true) : list,
    );
    return response.message;
  } catch (err) {
    const locked = isApiError(err) && err.code === 'CHAT_LOCKED' ? true : wasLocked;
    queryClient.setQueryData<ChatThread>(key, (thread) =>
      thread ? patchThread(removeMessage(thread, temp._id), { locked }) : thread,
    );
    throw err;
  }
}
