import type { Message } from '@amora/shared/chat.ts';
import type { TypingState } from '@amora/shared/enums.ts';
import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { dayKey, dayLabel } from '../../../lib/dates.ts';
import { MessageBubble } from './message-bubble.tsx';
import { typingKey } from './typing-text.ts';
import styles from './message-list.module.css';

type MessageListProps = {
  messages: Message[];
  botName: string;
  typing: TypingState | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  emptyHint?: string;
  onLike?: (message: Message) => void;
  onReport?: (message: Message) => void;
};

/** Distance from the bottom (px) within which new messages keep the view pinned to the end. */
const STICK_PX = 120;
/** Distance from the top (px) at which older messages are fetched. */
const LOAD_OLDER_PX = 160;

function scrollToEnd(el: HTMLElement, smooth: boolean): void {
  const top = el.scrollHeight;
  if (smooth && typeof el.scrollTo === 'function') el.scrollTo({ top, behavior: 'smooth' });
  else el.scrollTop = top;
}

/** The conversation: date separators, bubbles, her typing indicator; older pages load on scroll-up. */
export function MessageList({
  messages,
  botName,
  typing,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  emptyHint,
  onLike,
  onReport,
}: MessageListProps) {
  const { t, i18n } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const initial = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const oldestId = messages[0]?._id;
  const newest = messages[messages.length - 1];

  const requestOlder = useCallback(() => {
    const el = scrollRef.current;
    if (!el || !hasOlder || loadingOlder) return;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
    if (el.scrollTop < LOAD_OLDER_PX) requestOlder();
  };

  // Older page prepended: keep what the reader was looking at in place.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || !anchor.current) return;
    el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
    anchor.current = null;
  }, [oldestId]);

  // New message or typing indicator at the end: follow it when the reader is at the bottom (or it is ours).
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    if (initial.current) {
      if (messages.length) {
        scrollToEnd(el, false);
        initial.current = false;
      }
      return;
    }
    if (pinned.current || newest?.self) scrollToEnd(el, true);
    // oldestId is handled above; only the end of the list matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newest?._id, typing]);

  // A short first page cannot be scrolled: fetch older messages until it fills the view.
  useEffect(() => {
    const el = scrollRef.current;
    if (el && hasOlder && !loadingOlder && el.scrollHeight <= el.clientHeight) requestOlder();
  }, [hasOlder, loadingOlder, messages.length, requestOlder]);

  // Each message with whether it opens a new day and whether it continues the previous sender's run.
  const rows = useMemo(
    () =>
      messages.map((message, index) => {
        const previous = messages[index - 1];
        const showDay = !previous || dayKey(previous.date) !== dayKey(message.date);
        return {
          message,
          showDay,
          grouped: !showDay && previous !== undefined && previous.self === message.self,
        };
      }),
    [messages],
  );

  return (
    <div ref={scrollRef} className={styles.scroll} onScroll={onScroll} data-testid="message-scroll">
      {loadingOlder ? (
        <div className={styles.older}>
          <Spinner size={20} label={t('chat.loadingOlder')} />
        </div>
      ) : null}
      {!hasOlder && messages.length > 0 ? (
        <p className={styles.beginning}>{t('chat.beginning', { name: botName })}</p>
      ) : null}
      {/* role="log" on a wrapper: on the <ol> itself it would drop the list semantics of its items. */}
      <div role="log" aria-label={t('chat.conversationWith', { name: botName })}>
        <ol className={styles.list} data-testid="message-list">
          {rows.map(({ message, showDay, grouped }) => {
            const label = dayLabel(message.date, i18n.language);
            return (
              <Fragment key={message._id}>
                {showDay ? (
                  <li className={styles.day} data-testid="date-separator">
                    <span>{label.kind === 'date' ? label.text : t(`chat.${label.kind}`)}</span>
                  </li>
                ) : null}
                <MessageBubble
                  message={message}
                  botName={botName}
                  grouped={grouped}
                  onLike={onLike}
                  onReport={onReport}
                />
              </Fragment>
            );
          })}
          {typing ? (
            <li className={`${styles.row} ${styles.her}`} data-testid="typing-indicator">
              <div className={`${styles.bubble} ${styles.typingBubble}`}>
                <span className="visually-hidden">{t(typingKey(typing), { name: botName })}</span>
                <span className={styles.dot} aria-hidden="true" />
                <span className={styles.dot} aria-hidden="true" />
                <span className={styles.dot} aria-hidden="true" />
              </div>
            </li>
          ) : null}
        </ol>
      </div>
      {messages.length === 0 && !typing && emptyHint ? <p className={styles.emptyHint}>{emptyHint}</p> : null}
    </div>
  );
}
