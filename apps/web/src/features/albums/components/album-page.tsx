import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { albumHref } from '../album-rules.ts';
import { albumKeys, fetchCollection } from '../api/albums-api.ts';
import { AlbumSkeletons, CategoryGrid } from './category-grid.tsx';
import styles from './albums.module.css';

/** Signed URLs live an hour: refresh the lists well before. */
export const ALBUM_REFRESH_MS = 20 * 60_000;

/** `/album`: the user's private album collection across characters (SPEC §2). */
export function AlbumPage() {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: albumKeys.collection(),
    queryFn: ({ signal }) => fetchCollection(signal),
    staleTime: ALBUM_REFRESH_MS,
    refetchInterval: ALBUM_REFRESH_MS,
  });
  return (
    <div className={styles.page} data-testid="album-page">
      <p className={styles.lead}>{t('album.lead')}</p>
      {q.isPending ? (
        <AlbumSkeletons />
      ) : q.isError ? (
        <EmptyState
          icon={<AlertIcon size={28} />}
          title={t('album.errorTitle')}
          text={errorMessage(q.error, t)}
          action={<Button onClick={() => void q.refetch()}>{t('common.retry')}</Button>}
        />
      ) : q.data.bots.length === 0 ? (
        <EmptyState title={t('album.emptyTitle')} text={t('album.emptyText')} />
      ) : (
        q.data.bots.map(({ bot, categories }) => (
          <section key={bot._id} className={styles.section} aria-labelledby={`album-bot-${bot.remote_id}`}>
            <h2 id={`album-bot-${bot.remote_id}`} className={styles.sectionTitle}>
              <Link to={albumHref(bot.remote_id)} className={styles.botLink}>
                <Avatar src={bot.avatar} name={bot.name} size={32} />
                {bot.name}
              </Link>
            </h2>
            <CategoryGrid bot={bot} categories={categories} subscribed={q.data.subscribed} />
          </section>
        ))
      )}
    </div>
  );
}
