import type { Chat, Message } from '@amora/shared/chat.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/toast-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAuthStore } from '../../auth/store.ts';
import { chatKeys } from '../../chats/api/chats-api.ts';
import {
  appendMessage,
  listWithMessage,
  patchThread,
  removeMessage,
  replaceMessage,
  TEMP_ID_PREFIX,
  type ChatThread,
} from '../../chats/cache.ts';
import { useTokenCosts } from '../../settings/hooks/use-settings.ts';
import { openNoTokens } from '../../wallet/store.ts';
import { sendPhotoMessage } from '../api/media-api.ts';
import { ImageReadError, resizeImage } from '../resize-image.ts';

let tempCounter = 0;

function optimisticPhoto(chatId: string, botId: string, photo: string): Message {
  tempCounter += 1;
  return {
    _id: `${TEMP_ID_PREFIX}photo-${Date.now()}-${tempCounter}`,
    chatId,
    botId,
    message: '',
    bluredContent: null,
    date: new Date().toISOString(),
    like: false,
    readed: true,
    failed: false,
    self: true,
    eventType: 'photo',
    delay: null,
    responseMessageId: null,
    isBlured: false,
    photo,
    voice: null,
    video: null,
    language: null,
  };
}

/**
 * Sends a photo the user picked: resized on a canvas (800×600, JPEG 0.6), shown at once, the chat
 * locked until her reply; on failure it is taken back and the reason is shown (402 opens the
 * no-tokens dialog). Resolves to true when the server accepted it.
 */
export function useSendPhoto(chatId: string, botId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const costs = useTokenCosts();
  const [sending, setSending] = useState(false);

  const send = useCallback(
    async (file: File): Promise<boolean> => {
      const tokens = useAuthStore.getState().user?.tokens ?? 0;
      if (tokens < costs.tokens_for_sent_photo) {
        openNoTokens();
        return false;
      }
      setSending(true);
      let dataUrl: string;
      try {
        dataUrl = await resizeImage(file);
      } catch (err) {
        setSending(false);
        showToast(err instanceof ImageReadError ? t('media.photo.notImage') : t('errors.generic'), 'error');
        return false;
      }
      const key = chatKeys.thread(chatId);
      const temp = optimisticPhoto(chatId, botId, dataUrl);
      const wasLocked = queryClient.getQueryData<ChatThread>(key)?.pages[0]?.locked ?? false;
      queryClient.setQueryData<ChatThread>(key, (thread) =>
        thread ? patchThread(appendMessage(thread, temp), { locked: true }) : thread,
      );
      try {
        const answer = await sendPhotoMessage(chatId, dataUrl);
        useAuthStore.getState().setTokens(answer.updatedTokens);
        queryClient.setQueryData<ChatThread>(key, (thread) =>
          thread ? replaceMessage(thread, temp._id, answer.message) : thread,
        );
        queryClient.setQueryData<Chat[]>(chatKeys.list(), (list) =>
          list ? listWithMessage(list, chatId, answer.message, true) : list,
        );
        return true;
      } catch (err) {
        const locked = isApiError(err) && err.code === 'CHAT_LOCKED' ? true : wasLocked;
        queryClient.setQueryData<ChatThread>(key, (thread) =>
          thread ? patchThread(removeMessage(thread, temp._id), { locked }) : thread,
        );
        if (isApiError(err) && err.code === 'INSUFFICIENT_TOKENS') openNoTokens();
        else if (isApiError(err) && err.code === 'CHAT_LOCKED') showToast(t('chat.errors.locked'), 'error');
        else showToast(errorMessage(err, t), 'error');
        return false;
      } finally {
        setSending(false);
      }
    },
    [botId, chatId, costs.tokens_for_sent_photo, queryClient, t],
  );

  return { send, sending };
}
