import { AlbumCategory } from '@amora/shared/albums.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AlertIcon, ArrowLeftIcon } from '../../../components/ui/icons.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAuthStore } from '../../auth/store.ts';
import { useBots } from '../../bots/hooks/use-bots.ts';
import { albumHref } from '../album-rules.ts';
import { albumKeys, fetchCategories, fetchItems, fetchUserContent } from '../api/albums-api.ts';
import { ALBUM_REFRESH_MS } from './album-page.tsx';
import { AlbumMedia } from './album-media.tsx';
import { AlbumSkeletons, CategoryGrid } from './category-grid.tsx';
import { GalleryViewer } from './gallery-viewer.tsx';
import styles from './albums.module.css';

type ViewItem = { _id: string; kind: 'image' | 'video'; url: string };

/** `/album/:id?type=<category>&chat=<chatId>`: one character's album, or one category of it (SPEC §2). */
export function AlbumCategoryPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const remoteId = /^\d{1,9}$/.test(id) ? Number(id) : null;
  const parsedType = AlbumCategory.safeParse(params.get('type'));
  const type = parsedType.success ? parsedType.data : null;
  const chatId = params.get('chat');
  const user = useAuthStore((s) => s.user);
  const who = user?._id ?? 'guest';
  const bots = useBots('all');
  const botName = bots.data?.find((b) => b.remote_id === remoteId)?.name ?? '';

  const cats = useQuery({
    queryKey: albumKeys.categories(remoteId ?? -1, who),
    queryFn: ({ signal }) => fetchCategories(remoteId!, who, signal),
    enabled: remoteId !== null,
    staleTime: ALBUM_REFRESH_MS,
    refetchInterval: ALBUM_REFRESH_MS,
  });
  const current =
    type && type !== 'user_content' ? cats.data?.categories.find((c) => c.tagLink === type) : undefined;
  const canView = Boolean(user && current?.isUnlocked);
  const items = useQuery({
    queryKey: albumKeys.items(remoteId ?? -1, type ?? ''),
    queryFn: ({ signal }) => fetchItems(remoteId!, type!, signal),
    enabled: remoteId !== null && canView,
    staleTime: ALBUM_REFRESH_MS,
    refetchInterval: ALBUM_REFRESH_MS,
  });
  const chatPhotos = useQuery({
    queryKey: albumKeys.userContent(chatId ?? ''),
    queryFn: ({ signal }) => fetchUserContent(chatId!, signal),
    enabled: Boolean(user && chatId && type === 'user_content'),
    staleTime: ALBUM_REFRESH_MS,
  });
  const [viewing, setViewing] = useState<number | null>(null);
  const closeViewer = () => setViewing(null);

  if (remoteId === null)
    return (
      <EmptyState icon={<AlertIcon size={28} />} title={t('album.notFound')} text={t('album.notFoundText')} />
    );

  const title = type ? t(`album.categories.${type}`, { defaultValue: type }) : botName;
  const list: ViewItem[] | undefined =
    type === 'user_content'
      ? chatPhotos.data?.photos.map((p) => ({ _id: p.messageId, kind: 'image' as const, url: p.url }))
      : items.data?.items;
  const pending =
    cats.isPending ||
    (canView && items.isPending) ||
    (type === 'user_content' && Boolean(user && chatId) && chatPhotos.isPending);
  const error = cats.error ?? items.error ?? chatPhotos.error;

  return (
    <div className={styles.page} data-testid="album-category-page" data-type={type ?? ''}>
      {chatId ? (
        <Link
          to={`/chat/${encodeURIComponent(chatId)}`}
          className={buttonClass('ghost', 'sm', false, styles.backToChat)}
          data-testid="album-back-to-chat"
        >
          <ArrowLeftIcon size={16} />
          {t('album.backToChat', { name: botName })}
        </Link>
      ) : null}
      <h2 className={styles.sectionTitle} data-testid="album-title">
        {botName ? `${botName} · ` : ''}
        {title}
      </h2>
      {cats.data ? (
        <nav className={styles.chips} aria-label={t('album.categoriesLabel')}>
          <Link
            to={albumHref(remoteId, null, chatId)}
            className={`${styles.chip} ${!type ? styles.chipActive : ''}`}
            aria-current={!type || undefined}
          >
            {t('album.all')}
          </Link>
          {chatId && user ? (
            <Link
              to={albumHref(remoteId, 'user_content', chatId)}
              className={`${styles.chip} ${type === 'user_content' ? styles.chipActive : ''}`}
              aria-current={type === 'user_content' || undefined}
              data-testid="album-chip-user_content"
            >
              {t('album.categories.user_content')}
            </Link>
          ) : null}
          {cats.data.categories.map((c) => (
            <Link
              key={c.tagLink}
              to={albumHref(remoteId, c.tagLink, chatId)}
              className={`${styles.chip} ${type === c.tagLink ? styles.chipActive : ''}`}
              aria-current={type === c.tagLink || undefined}
              data-testid={`album-chip-${c.tagLink}`}
            >
              {t(`album.categories.${c.tagLink}`, { defaultValue: c.tagLink })}
            </Link>
          ))}
        </nav>
      ) : null}

      {pending ? (
        <AlbumSkeletons />
      ) : error ? (
        <EmptyState
          icon={<AlertIcon size={28} />}
          title={t('album.errorTitle')}
          text={errorMessage(error, t)}
          action={<Button onClick={() => void cats.refetch()}>{t('common.retry')}</Button>}
        />
      ) : !type || (type !== 'user_content' && !canView) ? (
        // Her categories (or the locked one asked for): guests sign in, locked ones unlock or subscribe.
        <CategoryGrid
          bot={{
            _id: items.data?.bot._id ?? bots.data?.find((b) => b.remote_id === remoteId)?._id ?? '',
            remote_id: remoteId,
            name: botName,
          }}
          categories={(cats.data?.categories ?? []).filter((c) => !type || c.tagLink === type)}
          subscribed={cats.data?.subscribed ?? false}
          chatId={chatId}
        />
      ) : !list || list.length === 0 ? (
        <EmptyState title={t('album.emptyCategory')} text={t('album.emptyCategoryText')} />
      ) : (
        <ul className={styles.grid} data-testid="album-items">
          {list.map((item, i) => (
            <li key={item._id} className={styles.card} data-testid="album-item" data-kind={item.kind}>
              <button
                type="button"
                className={styles.cardHit}
                onClick={() => setViewing(i)}
                aria-label={t('album.itemAlt', { name: title, index: i + 1 })}
              >
                <AlbumMedia
                  kind={item.kind}
                  src={item.url}
                  alt={t('album.itemAlt', { name: title, index: i + 1 })}
                  className={styles.cardMedia}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewing !== null && list ? (
        <GalleryViewer items={list} start={viewing} title={title} onClose={closeViewer} />
      ) : null}
    </div>
  );
}
