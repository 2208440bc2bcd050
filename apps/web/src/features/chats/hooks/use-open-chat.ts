import type { Chat } from '@amora/shared/chat.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/toast-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { usePopup } from '../../../lib/popup.ts';
import { reloadUser, restoreSession } from '../../auth/session.ts';
import { useAuthStore } from '../../auth/store.ts';
import { useTokenCosts } from '../../settings/hooks/use-settings.ts';
import { openNoTokens } from '../../wallet/store.ts';
import { chatKeys, createChat } from '../api/chats-api.ts';
import { useChatsStore } from '../store.ts';

/**
 * Opens the conversation with a character: guests are asked to sign up, users who have not been
 * onboarded go to onboarding first (the character is remembered), the rest get their chat.
 */
export function useOpenChat() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const costs = useTokenCosts();
  const { open: openPopup } = usePopup();
  const [openingBotId, setOpeningBotId] = useState<string | null>(null);

  const openChat = useCallback(
    async (botId: string): Promise<void> => {
      // A click while the session is still being restored waits for it: a member is not a guest.
      if (useAuthStore.getState().status === 'restoring') await restoreSession();
      const user = useAuthStore.getState().user;
      const { setPendingBotId } = useChatsStore.getState();
      if (!user) {
        setPendingBotId(botId);
        openPopup('sign-up');
        return;
      }
      if (!user.onboarded) {
        setPendingBotId(botId);
        void navigate('/onboarding/welcome');
        return;
      }
      if (user.banned.is) {
        showToast(t('errors.banned'), 'error');
        return;
      }
      const existing = queryClient.getQueryData<Chat[]>(chatKeys.list())?.find((c) => c.bot._id === botId);
      if (existing) {
        setPendingBotId(null);
        void navigate(`/chat/${existing._id}`);
        return;
      }
      if (user.tokens < costs.tokens_for_model) {
        openNoTokens();
        return;
      }
      setOpeningBotId(botId);
      try {
        const { data } = await createChat(botId, currentLanguage());
        setPendingBotId(null);
        queryClient.setQueryData<Chat[]>(chatKeys.list(), (list) =>
          list ? [data.chat, ...list.filter((c) => c._id !== data.chat._id)] : list,
        );
        void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
        void queryClient.invalidateQueries({ queryKey: ['wallet'] });
        void reloadUser();
        void navigate(`/chat/${data.chat._id}`);
      } catch (err) {
        if (isApiError(err) && err.code === 'INSUFFICIENT_TOKENS') openNoTokens();
        else showToast(errorMessage(err, t), 'error');
      } finally {
        setOpeningBotId(null);
      }
    },
    [costs.tokens_for_model, navigate, openPopup, queryClient, t],
  );

  return { openChat, openingBotId };
}
