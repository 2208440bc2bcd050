import { checkMessage } from '@amora/shared/rules.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAuthStore } from '../../auth/store.ts';
import { useTokenCosts } from '../../settings/hooks/use-settings.ts';
import { openNoTokens } from '../../wallet/store.ts';
import { sendTextMessage } from '../api/chats-api.ts';
import { optimisticMessage, sendOptimistically } from '../optimistic-send.ts';

/**
 * Sends a text message: shows it at once, locks the chat until her reply, swaps in the stored
 * message when the server answers, and on failure takes it back and reports why.
 * `send` resolves to false when the text should be given back to the input. A `free` chat (the
 * support chat, SPEC §5) is never blocked by the balance.
 */
export function useSendMessage(chatId: string, botId: string, opts: { free?: boolean } = {}) {
  const free = opts.free ?? false;
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
      if (!free && tokens < costs.tokens_for_message) {
        openNoTokens();
        return false;
      }
      setError(null);
      setSending(true);
      try {
        const temp = optimisticMessage(chatId, botId, { message: check.text });
        await sendOptimistically(queryClient, temp, () => sendTextMessage(chatId, check.text));
        return true;
      } catch (err) {
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
    [botId, chatId, costs.tokens_for_message, free, queryClient, t],
  );

  return { send, error, clearError: () => setError(null), sending };
}
