import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ArrowLeftIcon } from '../../components/ui/icons.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import styles from './page-header.module.css';

/** SPEC §2: pages with a back arrow and a title chosen by path. */
const TITLES: Record<string, { title: string; parent: string }> = {
  '/profile/faq': { title: 'shell.titles.faq', parent: '/profile' },
  '/profile/tasks': { title: 'shell.titles.tasks', parent: '/profile' },
  '/wallet': { title: 'titles.wallet', parent: '/' },
  '/wallet/earnTokens': { title: 'shell.titles.earnTokens', parent: '/wallet' },
  '/album': { title: 'shell.titles.album', parent: '/' },
};

export function titleKeyForPath(pathname: string): { title: string; parent: string } | null {
  const clean = pathname.replace(/\/+$/, '') || '/';
  if (TITLES[clean]) return TITLES[clean];
  if (clean.startsWith('/album/')) return { title: 'shell.titles.album', parent: '/album' };
  return null;
}

/** A back arrow and the page title; also sets the document title. */
export function PageHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const entry = titleKeyForPath(pathname);
  useDocumentTitle(entry ? t(entry.title) : null);
  if (!entry) return null;
  const back = () => {
    // react-router keeps the entry index in history.state.idx: 0 means we landed here directly.
    const state: unknown = window.history.state;
    const idx = state && typeof state === 'object' && 'idx' in state ? Number(state.idx) : 0;
    if (idx > 0) void navigate(-1);
    else void navigate(entry.parent);
  };
  return (
    <div className={styles.header}>
      <button
        type="button"
        className={styles.back}
        onClick={back}
        aria-label={t('common.back')}
        data-testid="page-back"
      >
        <ArrowLeftIcon size={22} />
      </button>
      <h1 className={`${styles.title} display-font`} data-testid="page-title">
        {t(entry.title)}
      </h1>
    </div>
  );
}
