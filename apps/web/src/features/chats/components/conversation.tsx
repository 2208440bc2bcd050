import type { Chat } from '@amora/shared/chat.ts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AlertIcon, CloseIcon, HeartIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuthStore } from '../../auth/store.ts';
import { PhotoButton } from '../../media/components/photo-button.tsx';
import { canSendPhoto } from '../../media/photo-rules.ts';
import { openNoTokens } from '../../wallet/store.ts';
import { chatKeys, markChatRead, toggleLike } from '../api/chats-api.ts';
import { markListRead, threadMessages } from '../cache.ts';
import { useChatThread } from '../hooks/use-chats.ts';
import { useSendMessage } from '../hooks/use-send-message.ts';
import { useChatsStore } from '../store.ts';
import { AiStatusBanner } from './ai-status-banner.tsx';
import { ChatHeader } from './chat-header.tsx';
import { CommandsPanel } from './commands-panel.tsx';
import { ChatInput } from './chat-input.tsx';
import { MessageList } from './message-list.tsx';
import styles from './conversation.module.css';

const LOCK_RECHECK_MS = 20_000;

/** Opened by few: its code (and the report reasons' schema) loads when a report starts (issue 13). */
const ReportDialog = lazy(() =>
  import('../../account/components/report-dialog.tsx').then((m) => ({ default: m.ReportDialog })),
);

/** One conversation: header with her status and the level, the messages, and the input. */
export function Conversation({ chatId }: { chatId: string }) {
  /** The message of hers being reported (issue 14). */
  const [reporting, setReporting] = useState<string | null>(null);
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const thread = useChatThread(chatId);
  const tokens = useAuthStore((s) => s.user?.tokens ?? 0);
  const userStatus = useAuthStore((s) => s.user?.status);
  const chat = thread.data?.pages[0];
  const messages = useMemo(() => threadMessages(thread.data), [thread.data]);
  const { send, error, clearError } = useSendMessage(chatId, chat?.bot._id ?? '', {
    free: chat?.bot.remote_id === 0,
  });
  useDocumentTitle(chat?.bot.name ?? t('titles.chats'));

  useEffect(() => {
    useChatsStore.getState().setActiveChatId(chatId);
    return () => {
      if (useChatsStore.getState().activeChatId === chatId) useChatsStore.getState().setActiveChatId(null);
    };
  }, [chatId]);

  // What is on screen has been read.
  const newestId = messages[messages.length - 1]?._id;
  useEffect(() => {
    if (!chat) return;
    queryClient.setQueryData<Chat[]>(chatKeys.list(), (list) => (list ? markListRead(list, chatId) : list));
  }, [chat, chatId, newestId, queryClient]);

  // Her replies that arrive while the chat is open are read too (POST /api/chat/:id/read).
  const lastHerId = useMemo(() => [...messages].reverse().find((m) => !m.self)?._id, [messages]);
  const seenHerId = useRef<string | null>(null);
  useEffect(() => {
    if (!lastHerId) return;
    if (seenHerId.current === null) {
      seenHerId.current = lastHerId;
      return;
    }
    if (seenHerId.current === lastHerId) return;
    seenHerId.current = lastHerId;
    const id = setTimeout(() => void markChatRead(chatId).catch(() => undefined), 300);
    return () => clearTimeout(id);
  }, [chatId, lastHerId]);

  // Safety net: the unlock comes as a socket event; if it was missed (offline socket), ask the API.
  const locked = chat?.locked ?? false;
  const { refetch } = thread;
  useEffect(() => {
    if (!locked) return;
    const id = setTimeout(() => void refetch(), LOCK_RECHECK_MS);
    return () => clearTimeout(id);
  }, [locked, refetch]);

  // The same functions at every render: each bubble keeps its last render when its message is
  // unchanged (decision 196).
  const onLike = useCallback(
    (m: { _id: string }) => void toggleLike(chatId, m._id).catch(() => undefined),
    [chatId],
  );
  const support = chat?.bot.remote_id === 0;
  const onReport = useMemo(
    () => (support ? undefined : (m: { _id: string }) => setReporting(m._id)),
    [support],
  );

  // The first answer is drawn in the background: the thread, the commands and the input make one
  // big render, which React splits into slices instead of blocking the page while it runs (the
  // spinner stays meanwhile). Later answers (a new message) render at once (issue 13, decision 165).
  const drawn = useDeferredValue(thread.data !== undefined);

  if (thread.isPending || (!drawn && !thread.isError)) {
    return (
      <section className={styles.conversation} aria-busy="true">
        <div className={styles.center}>
          <Spinner size={32} label={t('common.loading')} />
        </div>
      </section>
    );
  }

  if (thread.isError || !chat) {
    const notFound = isApiError(thread.error) && thread.error.statusCode === 404;
    return (
      <section className={styles.conversation}>
        <div className={styles.center} data-testid={notFound ? 'chat-not-found' : 'chat-error'}>
          <EmptyState
            icon={<AlertIcon size={30} />}
            title={notFound ? t('chat.notFoundTitle') : t('chat.errorTitle')}
            text={notFound ? t('chat.notFoundText') : errorMessage(thread.error, t)}
            action={
              notFound ? (
                <Link to="/chat" className={buttonClass('primary')}>
                  {t('chat.backToChats')}
                </Link>
              ) : (
                <Button onClick={() => void thread.refetch()}>{t('common.retry')}</Button>
              )
            }
          />
        </div>
      </section>
    );
  }

  const broken = chat.status === 'broken';
  return (
    <section
      className={styles.conversation}
      aria-labelledby="conversation-title"
      data-testid="conversation"
      data-locked={chat.locked || undefined}
    >
      <span id="conversation-title" className="visually-hidden">
        {t('chat.conversationWith', { name: chat.bot.name })}
      </span>
      <ChatHeader chat={chat} />
      <AiStatusBanner />
      <MessageList
        messages={messages}
        botName={chat.bot.name}
        typing={chat.typing}
        hasOlder={thread.hasNextPage}
        loadingOlder={thread.isFetchingNextPage}
        onLoadOlder={() => void thread.fetchNextPage()}
        emptyHint={t('chat.emptyHint', { name: chat.bot.name })}
        onLike={onLike}
        onReport={onReport}
      />
      {reporting ? (
        <Suspense fallback={null}>
          <ReportDialog target={{ type: 'message', id: reporting }} onClose={() => setReporting(null)} />
        </Suspense>
      ) : null}
      {broken ? (
        <p className={styles.notice} role="status">
          <HeartIcon size={16} />
          {t('chat.broken', { name: chat.bot.name })}
        </p>
      ) : null}
      {error ? (
        <div className={styles.error} role="alert" data-testid="send-error">
          <AlertIcon size={18} />
          <span>{error}</span>
          <button
            type="button"
            className={styles.dismiss}
            onClick={clearError}
            aria-label={t('common.dismiss')}
          >
            <CloseIcon size={16} />
          </button>
        </div>
      ) : null}
      <CommandsPanel chat={chat} />
      <ChatInput
        tokens={tokens}
        free={chat.bot.remote_id === 0}
        locked={chat.locked}
        waitingText={chat.bot.remote_id === 0 ? t('chat.input.waitingSupport') : undefined}
        disabled={broken}
        onSend={send}
        onNoTokens={openNoTokens}
        leading={
          canSendPhoto({ points: chat.points, userStatus, remoteId: chat.bot.remote_id }) ? (
            <PhotoButton chatId={chatId} botId={chat.bot._id} disabled={chat.locked || broken} />
          ) : null
        }
      />
    </section>
  );
}
