import type { Message } from '@amora/shared/chat.ts';
import { memo, useState, type CSSProperties, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { shallow } from 'zustand/vanilla/shallow';
import { AlertIcon, CheckIcon, HeartIcon } from '../../../components/ui/icons.tsx';
import { formatTime } from '../../../lib/dates.ts';
import { MessageMedia } from '../../media/components/message-media.tsx';
import { isTempId } from '../cache.ts';
import { SYSTEM_EVENTS, systemNoteText } from '../system-note.ts';
import styles from './message-list.module.css';
import '../../../lib/pages-i18n.ts';

/** What the windowed thread puts on each row: its measuring ref, index and place (decision 126). */
export type RowProps = {
  ref?: Ref<HTMLLIElement>;
  style?: CSSProperties;
  'data-index'?: number;
  'data-row-key'?: string;
  'aria-posinset'?: number;
  'aria-setsize'?: number;
};

type MessageBubbleProps = {
  message: Message;
  botName: string;
  grouped: boolean;
  /** Toggles the like on one of her messages (issue 3). */
  onLike?: (message: Message) => void;
  /** Reports one of her messages to the operator (issue 14). */
  onReport?: (message: Message) => void;
  rowProps?: RowProps;
  /** Play the entrance animation (a row new to the reader). */
  enter?: boolean;
};

/** A relationship event in the chat (level change, mode, chat language), in the reader's language. */
function SystemNote({ message, rowProps }: { message: Message; rowProps?: RowProps }) {
  const { t } = useTranslation();
  return (
    <li {...rowProps} className={styles.system} data-testid="system-message" data-event={message.eventType}>
      <span>{systemNoteText(message, t) ?? message.message}</span>
    </li>
  );
}

/**
 * Same row, same place: the thread re-renders as the window scrolls and rows are measured, and a
 * bubble whose message and place are unchanged keeps its last render (issue 13, decision 196).
 */
export function sameBubble(a: MessageBubbleProps, b: MessageBubbleProps): boolean {
  return (
    a.message === b.message &&
    a.botName === b.botName &&
    a.grouped === b.grouped &&
    a.enter === b.enter &&
    a.onLike === b.onLike &&
    a.onReport === b.onReport &&
    sameRow(a.rowProps, b.rowProps)
  );
}

/** The row's props key by key, its style too (a new object at every render of the list). */
function sameRow(a: RowProps | undefined, b: RowProps | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const { style: sa, ...ra } = a;
  const { style: sb, ...rb } = b;
  return shallow(ra, rb) && shallow(sa, sb);
}

export const MessageBubble = memo(MessageBubbleView, sameBubble);

function MessageBubbleView({
  message,
  botName,
  grouped,
  onLike,
  onReport,
  rowProps,
  enter = false,
}: MessageBubbleProps) {
  const { t, i18n } = useTranslation();
  // Decided when the row mounts: a later render (the window moving) does not cut the animation short.
  const [animate] = useState(enter);
  if (message.eventType && SYSTEM_EVENTS.has(message.eventType))
    return <SystemNote message={message} rowProps={rowProps} />;
  const pending = isTempId(message._id);
  const side = message.self ? styles.self : styles.her;
  return (
    <li
      {...rowProps}
      className={`${styles.row} ${side} ${grouped ? styles.grouped : ''} ${animate ? styles.enter : ''}`}
      data-testid="message"
      data-self={message.self}
      data-message-id={message._id}
      data-pending={pending || undefined}
      data-failed={message.failed || undefined}
    >
      <div className={`${styles.bubble} ${message.failed ? styles.failed : ''}`}>
        <span className="visually-hidden">{message.self ? t('chat.you') : botName}: </span>
        <MessageMedia message={message} botName={botName} />
        {message.message ? <p className={styles.text}>{message.message}</p> : null}
        <span className={styles.meta}>
          <time dateTime={message.date}>{formatTime(message.date, i18n.language)}</time>
          {message.self && !message.failed ? (
            pending ? (
              <span className={styles.pending} role="img" aria-label={t('chat.sending')} />
            ) : (
              <CheckIcon size={13} aria-hidden="true" />
            )
          ) : null}
          {!message.self && onLike && !pending ? (
            <button
              type="button"
              className={`${styles.like} ${message.like ? styles.liked : ''}`}
              aria-pressed={message.like}
              aria-label={message.like ? t('companion.unlike') : t('companion.like')}
              data-testid="like"
              onClick={() => onLike(message)}
            >
              <HeartIcon size={13} aria-hidden="true" />
            </button>
          ) : null}
          {!message.self && onReport && !pending ? (
            <button
              type="button"
              className={styles.like}
              aria-label={t('account.report.openMessage')}
              title={t('account.report.openMessage')}
              data-testid="report-message"
              onClick={() => onReport(message)}
            >
              <AlertIcon size={13} aria-hidden="true" />
            </button>
          ) : null}
        </span>
      </div>
      {message.failed ? (
        <p className={styles.failedNote} data-testid="message-failed">
          <AlertIcon size={14} />
          {t('chat.failed')}
        </p>
      ) : null}
    </li>
  );
}
