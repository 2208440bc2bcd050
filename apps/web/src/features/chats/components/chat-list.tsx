import { mainPhoto } from '@amora/shared/rules.ts';
import type { Chat } from '@amora/shared/chat.ts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AlertIcon, ChatIcon } from '../../../components/ui/icons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatShortDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { isUnread } from '../cache.ts';
import { useChats } from '../hooks/use-chats.ts';
import { systemNoteText } from '../system-note.ts';
import { typingKey } from './typing-text.ts';
import styles from './chat-list.module.css';

function preview(chat: Chat, t: TFunction): string {
  if (chat.typing) return t(typingKey(chat.typing));
  if (!chat.lastMessage) return t('chats.sayHi');
  const note = systemNoteText(chat.lastMessage, t);
  if (note) return note;
  const text = chat.lastMessage.message || t('chats.media');
  return chat.lastMessage.self ? t('chats.youPrefix', { text }) : text;
}

/** The user's conversations, newest activity first, with an unread marker. */
export function ChatList({ activeId }: { activeId?: string }) {
  const { t, i18n } = useTranslation();
  const chats = useChats();

  if (chats.isPending) {
    return (
      <ul className={styles.list} aria-hidden="true">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i} className={styles.skeletonRow}>
            <span className={`${styles.skeletonAvatar} skeleton`} />
            <span className={`${styles.skeletonLine} skeleton`} />
          </li>
        ))}
      </ul>
    );
  }

  if (chats.isError) {
    return (
      <EmptyState
        icon={<AlertIcon size={28} />}
        title={t('chats.errorTitle')}
        text={errorMessage(chats.error, t)}
        action={<Button onClick={() => void chats.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }

  if (chats.data.length === 0) {
    return (
      <div data-testid="chats-empty">
        <EmptyState
          icon={<ChatIcon size={30} />}
          title={t('chats.emptyTitle')}
          text={t('chats.emptyText')}
          action={
            <Link to="/" className={buttonClass('primary')}>
              {t('chats.browse')}
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <ul className={styles.list} data-testid="chat-list">
      {chats.data.map((chat) => {
        const unread = isUnread(chat) && chat._id !== activeId;
        const date = chat.lastMessage?.date ?? chat.updatedAt;
        return (
          <li key={chat._id}>
            <Link
              to={`/chat/${chat._id}`}
              className={`${styles.item} ${chat._id === activeId ? styles.active : ''}`}
              aria-current={chat._id === activeId ? 'page' : undefined}
              data-testid="chat-list-item"
              data-chat-id={chat._id}
              data-unread={unread || undefined}
            >
              <Avatar
                src={chat.bot.avatar ?? mainPhoto(chat.bot)}
                name={chat.bot.name}
                size={52}
                online={chat.status !== 'broken'}
              />
              <span className={styles.body}>
                <span className={styles.top}>
                  <span className={styles.name}>{chat.bot.name}</span>
                  {date ? (
                    <time className={styles.time} dateTime={date}>
                      {formatShortDate(date, i18n.language)}
                    </time>
                  ) : null}
                </span>
                <span className={styles.bottom}>
                  <span
                    className={`${styles.preview} ${chat.typing ? styles.typing : ''} ${unread ? styles.unreadText : ''}`}
                  >
                    {preview(chat, t)}
                  </span>
                  {unread ? (
                    <span className={styles.unread} data-testid="unread-marker">
                      <span className="visually-hidden">{t('chats.unread')}</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
