import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/toast-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAuthStore } from '../../auth/store.ts';
import { optimisticMessage, sendOptimistically } from '../../chats/optimistic-send.ts';
import { useTokenCosts } from '../../settings/hooks/use-settings.ts';
import { openNoTokens } from '../../wallet/store.ts';
import { sendPhotoMessage } from '../api/media-api.ts';
import { ImageReadError, resizeImage } from '../resize-image.ts';

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
      try {
        const temp = optimisticMessage(chatId, botId, { photo: dataUrl, eventType: 'photo' });
        await sendOptimistically(queryClient, temp, () => sendPhotoMessage(chatId, dataUrl));
        return true;
      } catch (err) {
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
