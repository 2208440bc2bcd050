import type { Message } from '@amora/shared/chat.ts';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckIcon, HeartIcon } from '../../../components/ui/icons.tsx';
import { formatTime } from '../../../lib/dates.ts';
import { MessageMedia } from '../../media/components/message-media.tsx';
import { isTempId } from '../cache.ts';
import { SYSTEM_EVENTS, systemNoteText } from '../system-note.ts';
import styles from './message-list.module.css';
import '../../../lib/pages-i18n.ts';

type MessageBubbleProps = {
  message: Message;
  botName: string;
  grouped: boolean;
  /** Toggles the like on one of her messages (issue 3). */
  onLike?: (message: Message) => void;
  /** Reports one of her messages to the operator (issue 14). */
  onReport?: (message: Message) => void;
};

/** A relationship event in the chat (level change, mode, chat language), in the reader's language. */
function SystemNote({ message }: { message: Message }) {
  const { t } = useTranslation();
  return (
    <li className={styles.system} data-testid="system-message" data-event={message.eventType}>
      <span>{systemNoteText(message, t) ?? message.message}</span>
    </li>
  );
}

export function MessageBubble({ message, botName, grouped, onLike, onReport }: MessageBubbleProps) {
  const { t, i18n } = useTranslation();
  if (message.eventType && SYSTEM_EVENTS.has(message.eventType)) return <SystemNote message={message} />;
  const pending = isTempId(message._id);
  const side = message.self ? styles.self : styles.her;
  return (
    <li
      className={`${styles.row} ${side} ${grouped ? styles.grouped : ''}`}
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
