import type { Message } from '@amora/shared/chat.ts';
import type { SupportConversation } from '@amora/shared/platform.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ArrowLeftIcon, ChatIcon, SendIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { formatDateTime, formatShortDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  adminKeys,
  fetchInbox,
  fetchThread,
  sendReply,
  THREAD_POLL_MS,
  type SupportThread,
} from '../api/admin-api.ts';
import styles from './admin.module.css';
import '../../../lib/console-i18n.ts';

/** The support inbox: conversations newest first, those waiting for an answer marked; one open beside. */
export function SupportInbox() {
  const { t, i18n } = useTranslation();
  const { chatId } = useParams();
  useDocumentTitle(t('admin.support.title'));
  // Polled every INBOX_POLL_MS by the console frame (the same query feeds the Support tab's count).
  const inbox = useQuery({ queryKey: adminKeys.inbox(), queryFn: ({ signal }) => fetchInbox(signal) });
  const waiting = (inbox.data ?? []).filter((c) => c.awaitingReply).length;

  return (
    <div className={styles.inbox} data-thread-open={chatId ? 'true' : undefined}>
      <section className={styles.inboxList} aria-labelledby="admin-inbox-title">
        <div className={styles.sectionHead}>
          <h1 id="admin-inbox-title" className={styles.sectionTitle}>
            {t('admin.support.title')}
          </h1>
          {waiting > 0 ? (
            <span className={styles.count} data-testid="admin-inbox-waiting">
              {t('admin.support.waiting', { count: waiting })}
            </span>
          ) : null}
        </div>
        {inbox.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : inbox.isError ? (
          <p role="alert" className={styles.error}>
            {errorMessage(inbox.error, t)}{' '}
            <Button variant="ghost" size="sm" onClick={() => void inbox.refetch()}>
              {t('common.retry')}
            </Button>
          </p>
        ) : inbox.data.length === 0 ? (
          <p className={styles.muted}>{t('admin.support.empty')}</p>
        ) : (
          <ul className={styles.conversations} data-testid="admin-inbox">
            {inbox.data.map((c) => (
              <ConversationItem key={c.chatId} c={c} active={c.chatId === chatId} language={i18n.language} />
            ))}
          </ul>
        )}
      </section>
      <section className={styles.threadPane} aria-label={t('admin.support.conversation')}>
        {chatId ? (
          <ThreadView key={chatId} chatId={chatId} />
        ) : (
          <EmptyState
            icon={<ChatIcon size={28} />}
            title={t('admin.support.pickTitle')}
            text={t('admin.support.pickText')}
          />
        )}
      </section>
    </div>
  );
}

function ConversationItem({
  c,
  active,
  language,
}: {
  c: SupportConversation;
  active: boolean;
  language: string;
}) {
  const { t } = useTranslation();
  const who = c.user.name ? `${c.user.name} · ${c.user.email}` : c.user.email;
  return (
    <li>
      <Link
        to={`/admin/support/${encodeURIComponent(c.chatId)}`}
        className={`${styles.conversation} ${active ? styles.conversationActive : ''}`}
        aria-current={active ? 'page' : undefined}
        data-testid="admin-conversation"
        data-chat-id={c.chatId}
        data-awaiting={c.awaitingReply ? 'true' : 'false'}
      >
        <span className={styles.conversationTop}>
          <span className={styles.who}>
            {c.awaitingReply ? (
              <span className={styles.unreadDot} role="img" aria-label={t('admin.support.awaiting')} />
            ) : null}
            <span
              className={c.awaitingReply ? `${styles.whoName} ${styles.strong}` : styles.whoName}
              title={who}
            >
              {who}
            </span>
          </span>
          {c.lastMessage ? (
            <time className={styles.time} dateTime={c.lastMessage.date}>
              {formatShortDate(c.lastMessage.date, language)}
            </time>
          ) : null}
        </span>
        <span className={styles.preview}>
          {c.lastMessage
            ? c.lastMessage.self
              ? c.lastMessage.message
              : t('admin.support.youWrote', { text: c.lastMessage.message })
            : t('admin.support.noMessages')}
        </span>
      </Link>
    </li>
  );
}

function ThreadView({ chatId }: { chatId: string }) {
  const { t, i18n } = useTranslation();
  const thread = useQuery({
    queryKey: adminKeys.thread(chatId),
    queryFn: ({ signal }) => fetchThread(chatId, signal),
    refetchInterval: THREAD_POLL_MS,
  });
  // The newest message stays in view as messages arrive.
  const listRef = useRef<HTMLOListElement>(null);
  const lastId = thread.data?.messages.at(-1)?._id;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [lastId]);

  const back = (
    <Link to="/admin/support" className={styles.backLink}>
      <ArrowLeftIcon size={18} />
      {t('admin.support.back')}
    </Link>
  );
  if (thread.isPending) return <Spinner label={t('common.loading')} />;
  if (thread.isError) {
    return (
      <div>
        {back}
        <p role="alert" className={styles.error}>
          {errorMessage(thread.error, t)}
        </p>
      </div>
    );
  }
  const { user, messages } = thread.data;
  return (
    <div className={styles.thread} data-testid="admin-thread">
      <div className={styles.threadHead}>
        {back}
        <h2 className={styles.threadTitle}>{user.name ?? user.email}</h2>
        <p className={styles.muted}>
          {user.name ? `${user.email} · ` : null}
          <Link to={`/admin/users?q=${encodeURIComponent(user.email)}`}>{t('admin.support.manageUser')}</Link>
        </p>
      </div>
      <ol
        ref={listRef}
        className={styles.messages}
        aria-label={t('admin.support.messages')}
        data-testid="admin-messages"
        tabIndex={0}
      >
        {messages.length === 0 ? <li className={styles.muted}>{t('admin.support.noMessages')}</li> : null}
        {messages.map((m) => (
          <MessageItem key={m._id} m={m} language={i18n.language} />
        ))}
      </ol>
      <ReplyForm chatId={chatId} />
    </div>
  );
}

function MessageItem({ m, language }: { m: Message; language: string }) {
  const { t } = useTranslation();
  return (
    <li
      className={`${styles.message} ${m.self ? styles.fromUser : styles.fromOperator}`}
      data-testid="admin-message"
      data-from={m.self ? 'user' : 'operator'}
    >
      <span className="visually-hidden">
        {m.self ? t('admin.support.fromUser') : t('admin.support.fromOperator')}
      </span>
      {m.message ? <p className={styles.messageText}>{m.message}</p> : null}
      {m.photo ? (
        <a href={m.photo} target="_blank" rel="noreferrer" className={styles.attachment}>
          {t('admin.support.photo')}
        </a>
      ) : null}
      <time className={styles.time} dateTime={m.date}>
        {formatDateTime(m.date, language)}
      </time>
    </li>
  );
}

function ReplyForm({ chatId }: { chatId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reply = useMutation({
    mutationFn: (message: string) => sendReply(chatId, message),
    onSuccess: (message) => {
      setText('');
      queryClient.setQueryData<SupportThread>(adminKeys.thread(chatId), (old) =>
        old && !old.messages.some((m) => m._id === message._id)
          ? { ...old, awaitingReply: false, messages: [...old.messages, message] }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.inbox() });
    },
    // The text stays in the box, so nothing written is lost.
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message) {
      setError(t('admin.support.replyRequired'));
      return;
    }
    setError(null);
    reply.mutate(message);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!reply.isPending) submit();
    }
  };

  return (
    <form className={styles.replyForm} onSubmit={submit} noValidate>
      <label htmlFor={id} className={styles.label}>
        {t('admin.support.replyLabel')}
      </label>
      <div className={styles.replyRow}>
        <textarea
          id={id}
          className={styles.textarea}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          maxLength={4000}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          data-testid="admin-reply-input"
        />
        <Button
          type="submit"
          loading={reply.isPending}
          icon={<SendIcon size={16} />}
          data-testid="admin-reply-send"
        >
          {t('admin.support.send')}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className={styles.hint}>
          {t('admin.support.replyHint')}
        </p>
      )}
    </form>
  );
}
