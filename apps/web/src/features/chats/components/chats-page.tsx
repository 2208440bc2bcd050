import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ChatIcon } from '../../../components/ui/icons.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { ChatList } from './chat-list.tsx';
import { Conversation } from './conversation.tsx';
import { PushToggle } from './push-toggle.tsx';
import { ResetAllButton } from './reset-all-button.tsx';
import styles from './chats-page.module.css';

/** The width from which the list stays beside the conversation (chats-page.module.css). */
const SIDE_BY_SIDE = '(min-width: 860px)';

/**
 * `/chat` and `/chat/:id`. From 860 px the list stays beside the conversation; below, the list
 * and the conversation are separate screens (on phones the conversation is full screen): there the
 * hidden list is not rendered at all while a conversation is open (issue 13, docs/decisions/165).
 */
export function ChatsPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  useDocumentTitle(id ? null : t('titles.chats'));
  const wide = useMediaQuery(SIDE_BY_SIDE);
  return (
    <div className={styles.layout} data-open={id ? true : undefined}>
      {id && !wide ? null : (
        <aside className={styles.sidebar} aria-labelledby="chats-title">
          <h1 id="chats-title" className={`${styles.title} display-font`}>
            {t('chats.title')}
          </h1>
          <div className={styles.listScroll}>
            <ChatList activeId={id} />
            <PushToggle />
            <ResetAllButton />
          </div>
        </aside>
      )}
      <div className={styles.pane}>
        {id ? (
          <Conversation key={id} chatId={id} />
        ) : (
          <div className={styles.placeholder}>
            <EmptyState
              icon={<ChatIcon size={30} />}
              title={t('chats.pickTitle')}
              text={t('chats.pickText')}
            />
          </div>
        )}
      </div>
    </div>
  );
}
