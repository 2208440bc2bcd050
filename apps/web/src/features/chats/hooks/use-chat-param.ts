import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuthStore, useIsSignedIn } from '../../auth/store.ts';
import { useQuery } from '@tanstack/react-query';
import { botKeys, fetchBots } from '../../bots/api/bots-api.ts';
import { searchWithModel } from '../../../lib/popup.ts';
import { CHAT_PARAM, chatParamTarget } from '../chat-param.ts';
import { useChats } from './use-chats.ts';

/**
 * Follows `?chat=` on any page but the album (where it names the chat the album belongs to):
 * to the chat, or to her profile popup; the parameter is then dropped from the address.
 */
export function useChatParam(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const restoring = useAuthStore((s) => s.status === 'restoring');
  const signedIn = useIsSignedIn();
  const value = location.pathname.startsWith('/album')
    ? null
    : new URLSearchParams(location.search).get(CHAT_PARAM);
  const chats = useChats();
  // The characters are fetched only for a link that carries the parameter.
  const bots = useQuery({
    queryKey: botKeys.list('all'),
    queryFn: ({ signal }) => fetchBots('all', signal).then((r) => r.data),
    staleTime: 5 * 60_000,
    enabled: value !== null,
  });

  const chatsReady = !signedIn || chats.isSuccess || chats.isError;
  const botsReady = bots.isSuccess || bots.isError;

  useEffect(() => {
    if (value === null || restoring || !chatsReady || !botsReady) return;
    const params = new URLSearchParams(location.search);
    params.delete(CHAT_PARAM);
    const rest = params.toString();
    const target = chatParamTarget(value, signedIn ? chats.data : undefined, bots.data ?? []);
    if (target?.kind === 'chat' && signedIn) {
      void navigate(`/chat/${target.chatId}`, { replace: true });
    } else if (target?.kind === 'model') {
      void navigate(
        { pathname: location.pathname, search: searchWithModel(rest, target.remoteId) },
        { replace: true },
      );
    } else {
      void navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '' }, { replace: true });
    }
  }, [
    value,
    restoring,
    chatsReady,
    botsReady,
    signedIn,
    chats.data,
    bots.data,
    location.pathname,
    location.search,
    navigate,
  ]);
}
