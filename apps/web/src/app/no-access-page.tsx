import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { LockIcon } from '../components/ui/icons.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** Shown where the signed-in user is not allowed (e.g. a blocked account opening chats). */
export function NoAccessPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('shell.noAccess.title'));
  return (
    <div data-testid="no-access" style={{ flex: 1, display: 'grid', placeItems: 'center' }}>
      <EmptyState
        icon={<LockIcon size={32} />}
        title={t('shell.noAccess.title')}
        text={t('shell.noAccess.text')}
        action={
          <Link to="/" className={buttonClass('primary')}>
            {t('notFound.home')}
          </Link>
        }
      />
    </div>
  );
}
