import { mainPhoto } from '@amora/shared/rules.ts';
import type { Chat } from '@amora/shared/chat.ts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ArrowLeftIcon } from '../../../components/ui/icons.tsx';
import { searchWithModel } from '../../../lib/popup.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { TokenBalance } from '../../wallet/components/token-balance.tsx';
import { LevelBar } from './level-bar.tsx';
import { typingKey } from './typing-text.ts';
import styles from './chat-header.module.css';

export function ChatHeader({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  const location = useLocation();
  // On phones the conversation is full screen (no top bar): the balance lives in the header.
  const phone = useMediaQuery('(max-width: 767.98px)');
  const status = chat.typing
    ? t(typingKey(chat.typing))
    : chat.status === 'broken'
      ? t('chat.status.away')
      : t('chat.status.online');
  const avatar = (
    <Avatar
      src={chat.bot.avatar ?? mainPhoto(chat.bot)}
      name={chat.bot.name}
      size={44}
      online={chat.status !== 'broken'}
    />
  );
  return (
    <header className={styles.header}>
      <Link to="/chat" className={styles.back} aria-label={t('chat.backToChats')} data-testid="chat-back">
        <ArrowLeftIcon size={22} />
      </Link>
      {chat.bot.remote_id !== 0 ? (
        // Her avatar opens her profile popup over the conversation (SPEC §2 selected-model).
        <Link
          to={{ pathname: location.pathname, search: searchWithModel(location.search, chat.bot.remote_id) }}
          className={styles.avatarLink}
          aria-label={t('bots.viewProfile', { name: chat.bot.name })}
          data-testid="chat-avatar-profile"
        >
          {avatar}
        </Link>
      ) : (
        avatar
      )}
      <div className={styles.who}>
        <h2 className={styles.name} data-testid="chat-bot-name">
          {chat.bot.name}
        </h2>
        <p
          className={`${styles.status} ${chat.typing ? styles.typing : ''}`}
          aria-live="polite"
          data-testid="chat-status"
        >
          {status}
        </p>
      </div>
      {phone ? (
        <TokenBalance compact testId="chat-token-balance" />
      ) : chat.bot.remote_id !== 0 ? (
        <LevelBar level={chat.level} points={chat.points} />
      ) : null}
      {phone && chat.bot.remote_id !== 0 ? (
        <div className={styles.levelRow}>
          <LevelBar level={chat.level} points={chat.points} wide />
        </div>
      ) : null}
    </header>
  );
}
