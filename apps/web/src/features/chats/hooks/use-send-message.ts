import { checkMessage } from '@amora/shared/rules.ts';
import type { Chat, Message } from '@amora/shared/chat.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAuthStore } from '../../auth/store.ts';
import { useTokenCosts } from '../../settings/hooks/use-settings.ts';
import { openNoTokens } from '../../wallet/store.ts';
import { chatKeys, sendTextMessage } from '../api/chats-api.ts';
import {
  appendMessage,
  listWithMessage,
  patchThread,
  removeMessage,
  replaceMessage,
  TEMP_ID_PREFIX,
  type ChatThread,
} from '../cache.ts';

let tempCounter = 0;

function optimisticMessage(chatId: string, botId: string, text: string): Message {
  tempCounter += 1;
  return {
    _id: `${TEMP_ID_PREFIX}${Date.now()}-${tempCounter}`,
    chatId,
    botId,
    message: text,
    bluredContent: null,
    date: new Date().toISOString(),
    like: false,
    readed: true,
    failed: false,
    self: true,
    eventType: null,
    delay: null,
    responseMessageId: null,
    isBlured: false,
    photo: null,
    voice: null,
    video: null,
    language: null,
  };
}

/**
 * Sends a text message: shows it at once, locks the chat until her reply, swaps in the stored
 * message when the server answers, and on failure takes it back and reports why.
 * `send` resolves to false when the text should be given back to the input.
 */
export function useSendMessage(chatId: string, botId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const costs = useTokenCosts();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const send = useCallback(
    async (raw: string): Promise<boolean> => {
      const check = checkMessage(raw);
      if (!check.ok) return false;
      const tokens = useAuthStore.getState().user?.tokens ?? 0;
      if (tokens < costs.tokens_for_message) {
        openNoTokens();
        return false;
      }
      setError(null);
      setSending(true);
      const key = chatKeys.thread(chatId);
      const temp = optimisticMessage(chatId, botId, check.text);
      const wasLocked = queryClient.getQueryData<ChatThread>(key)?.pages[0]?.locked ?? false;
      queryClient.setQueryData<ChatThread>(key, (thread) =>
        thread ? patchThread(appendMessage(thread, temp), { locked: true }) : thread,
      );
      try {
        const response = await sendTextMessage(chatId, check.text);
        useAuthStore.getState().setTokens(response.updatedTokens);
        queryClient.setQueryData<ChatThread>(key, (thread) =>
          thread ? replaceMessage(thread, temp._id, response.message) : thread,
        );
        queryClient.setQueryData<Chat[]>(chatKeys.list(), (list) =>
          list ? listWithMessage(list, chatId, response.message, true) : list,
        );
        return true;
      } catch (err) {
        const locked = isApiError(err) && err.code === 'CHAT_LOCKED' ? true : wasLocked;
        queryClient.setQueryData<ChatThread>(key, (thread) =>
          thread ? patchThread(removeMessage(thread, temp._id), { locked }) : thread,
        );
        if (isApiError(err) && err.code === 'INSUFFICIENT_TOKENS') {
          openNoTokens();
          setError(t('chat.errors.noTokens'));
        } else if (isApiError(err) && err.code === 'CHAT_LOCKED') {
          setError(t('chat.errors.locked'));
        } else {
          setError(errorMessage(err, t));
        }
        return false;
      } finally {
        setSending(false);
      }
    },
    [botId, chatId, costs.tokens_for_message, queryClient, t],
  );

  return { send, error, clearError: () => setError(null), sending };
}
