import { useTranslation } from 'react-i18next';
import { buttonClass } from '../components/ui/button.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { AlertIcon } from '../components/ui/icons.tsx';

/** Shown when a page fails to render (for instance a chunk that no longer exists after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main style={{ minHeight: '100dvh', display: 'grid', placeItems: 'center' }}>
      <EmptyState
        icon={<AlertIcon size={32} />}
        title={t('errors.pageTitle')}
        text={t('errors.pageText')}
        action={
          <a href="/" className={buttonClass('primary')}>
            {t('errors.reload')}
          </a>
        }
      />
    </main>
  );
}
