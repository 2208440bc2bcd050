import type { User } from '@amora/shared/user.ts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useOpenChat } from '../../chats/hooks/use-open-chat.ts';
import { useChatsStore } from '../../chats/store.ts';
import { takeReturnPath } from '../../../lib/popup.ts';
import type { AuthMode } from '../components/auth-form.tsx';

/**
 * Where a user goes once signed in: new accounts and users without a profile to onboarding;
 * otherwise the character they clicked, the page they were sent away from, or where they were.
 */
export function useAfterAuth() {
  const navigate = useNavigate();
  const { openChat } = useOpenChat();

  return useCallback(
    (user: User, mode: AuthMode, options: { fallback: () => void }) => {
      const next = takeReturnPath();
      if (mode === 'sign-up' || !user.onboarded) {
        void navigate('/onboarding/welcome', { replace: true });
        return;
      }
      const pending = useChatsStore.getState().pendingBotId;
      if (pending) {
        options.fallback();
        void openChat(pending);
        return;
      }
      if (next) {
        void navigate(next, { replace: true });
        return;
      }
      options.fallback();
    },
    [navigate, openChat],
  );
}
