import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { HeartIcon } from '../components/ui/icons.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.notFound'));
  return (
    <div data-testid="not-found" style={{ flex: 1, display: 'grid', placeItems: 'center' }}>
      <EmptyState
        icon={<HeartIcon size={32} />}
        title={t('notFound.title')}
        text={t('notFound.text')}
        action={
          <Link to="/" className={buttonClass('primary')}>
            {t('notFound.home')}
          </Link>
        }
      />
    </div>
  );
}
