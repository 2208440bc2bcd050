import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/toast-store.ts';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAuthStore } from '../../auth/store.ts';
import { chatKeys } from '../../chats/api/chats-api.ts';

/** SPEC §9: the support chat opens 700 ms after it is created. */
export const SUPPORT_OPEN_DELAY_MS = 700;

/** Whether the support button shows: signed-in users whose status is not New (SPEC §2). */
export function useCanContactSupport(): boolean {
  return useAuthStore((s) => Boolean(s.user && s.user.status !== 'New'));
}

/** Opens (creating on first use) the support chat; banned users are sent home instead (SPEC §6). */
export function useOpenSupport(): { open: () => void; opening: boolean } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  const open = useCallback(() => {
    const user = useAuthStore.getState().user;
    if (!user) return;
    if (user.banned.is) {
      void navigate('/');
      return;
    }
    setOpening(true);
    api
      .post<{ support: { _id: string } }>('/chat/support')
      .then(({ support }) => {
        // A support chat made just now is not in the cached chat list yet (issue 14).
        void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
        setTimeout(() => {
          setOpening(false);
          void navigate(`/chat/${encodeURIComponent(support._id)}`);
        }, SUPPORT_OPEN_DELAY_MS);
      })
      .catch((err: unknown) => {
        setOpening(false);
        showToast(errorMessage(err, t), 'error');
      });
  }, [navigate, t]);
  return { open, opening };
}
