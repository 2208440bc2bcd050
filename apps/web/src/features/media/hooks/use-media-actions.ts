import type { Chat, Message } from '@amora/shared/chat.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/toast-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAuthStore } from '../../auth/store.ts';
import { chatKeys } from '../../chats/api/chats-api.ts';
import { listWithMessage, upsertMessage, type ChatThread } from '../../chats/cache.ts';
import { openNoTokens } from '../../wallet/store.ts';
import { generateVideo, regenerateVideo, revealMessage } from '../api/media-api.ts';

type Answer = { updatedTokens: number; message: Message };

type Target = { chatId: string; messageId: string };

/**
 * One media call (reveal, get video, regenerate): while it runs `busy` is set; its answer updates
 * the balance and puts the message into the chat caches. The socket delivers the same message (same
 * `_id`) and may be ahead of the answer — a prepared clip is ready before the HTTP answer arrives —
 * so the answer only lands when the socket has not changed that message since the call started.
 * 402 opens the no-tokens dialog; any other refusal is shown with the server's message.
 */
export function useMediaAction() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const cached = useCallback(
    (chatId: string, messageId: string): Message | undefined =>
      queryClient
        .getQueryData<ChatThread>(chatKeys.thread(chatId))
        ?.pages.flatMap((page) => page.messages)
        .find((m) => m._id === messageId),
    [queryClient],
  );

  const run = useCallback(
    async (call: () => Promise<Answer>, target?: Target): Promise<Answer | null> => {
      setBusy(true);
      const before = target ? cached(target.chatId, target.messageId) : undefined;
      try {
        const answer = await call();
        useAuthStore.getState().setTokens(answer.updatedTokens);
        const { message } = answer;
        const now = cached(message.chatId, message._id);
        const socketWasFirst = now !== undefined && now !== before;
        if (!socketWasFirst)
          queryClient.setQueryData<ChatThread>(chatKeys.thread(message.chatId), (thread) =>
            thread ? upsertMessage(thread, message) : thread,
          );
        queryClient.setQueryData<Chat[]>(chatKeys.list(), (list) => {
          const last = list?.find((c) => c._id === message.chatId)?.lastMessage;
          // Only a newer message (a video placeholder) becomes the list's last message.
          const newer = !last || Date.parse(message.date) > Date.parse(last.date);
          return list && newer ? listWithMessage(list, message.chatId, message, true) : list;
        });
        return answer;
      } catch (err) {
        if (isApiError(err) && err.code === 'INSUFFICIENT_TOKENS') openNoTokens();
        else showToast(errorMessage(err, t), 'error');
        return null;
      } finally {
        setBusy(false);
      }
    },
    [cached, queryClient, t],
  );

  return { busy, run };
}

export function useReveal(chatId: string, messageId: string) {
  const { busy, run } = useMediaAction();
  const reveal = useCallback(
    () => run(() => revealMessage(chatId, messageId), { chatId, messageId }),
    [chatId, messageId, run],
  );
  return { busy, reveal };
}

export function useVideoActions() {
  const { busy, run } = useMediaAction();
  const request = useCallback((chatId: string) => run(() => generateVideo(chatId)), [run]);
  const regenerate = useCallback(
    (chatId: string, messageId: string) => run(() => regenerateVideo(messageId), { chatId, messageId }),
    [run],
  );
  return { busy, request, regenerate };
}
