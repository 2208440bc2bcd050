import type { AlbumCategoryView } from '@amora/shared/albums.ts';
import { formatTokens } from '@amora/shared/rules.ts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { CoinIcon, LockIcon } from '../../../components/ui/icons.tsx';
import { usePopup } from '../../../lib/popup.ts';
import { useAuthStore } from '../../auth/store.ts';
import { albumHref, cardAction } from '../album-rules.ts';
import { useUnlockCategory } from '../hooks/use-unlock.ts';
import { AlbumMedia } from './album-media.tsx';
import styles from './albums.module.css';

/** One character's categories as cards: open ones link to their items, locked ones offer unlock and subscribe. */
export function CategoryGrid({
  bot,
  categories,
  subscribed,
  chatId,
}: {
  bot: { _id: string; remote_id: number; name: string };
  categories: AlbumCategoryView[];
  subscribed: boolean;
  chatId?: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useAuthStore((s) => s.user !== null);
  const unlock = useUnlockCategory();
  const { open: openPopup } = usePopup();

  return (
    <ul className={styles.grid} data-testid={`album-categories-${bot.remote_id}`}>
      {categories.map((c) => {
        const action = cardAction(signedIn, c.isUnlocked);
        const name = t(`album.categories.${c.tagLink}`, { defaultValue: c.tagLink });
        const open = () => {
          if (action === 'sign-in') openPopup('sign-in');
          else if (action === 'open') void navigate(albumHref(bot.remote_id, c.tagLink, chatId));
        };
        return (
          <li
            key={c.tagLink}
            className={styles.card}
            data-testid={`album-category-${c.tagLink}`}
            data-locked={action === 'locked' || undefined}
          >
            <button
              type="button"
              className={styles.cardHit}
              onClick={open}
              aria-label={action === 'locked' ? t('album.lockedLabel', { name }) : name}
              data-testid={`album-open-${c.tagLink}`}
            >
              <AlbumMedia kind="image" src={c.photo} alt={name} className={styles.cardMedia} />
            </button>
            <div className={styles.cardShade} aria-hidden="true" />
            <div className={styles.cardInfo}>
              <span className={styles.cardTitle}>{name}</span>
              <span className={styles.cardCount}>{t('album.count', { count: c.count })}</span>
              {action === 'locked' ? (
                <div className={styles.cardActions}>
                  <span className={styles.lockBadge}>
                    <LockIcon size={14} />
                    <CoinIcon size={14} />
                    {formatTokens(c.price)}
                  </span>
                  <Button
                    size="sm"
                    loading={unlock.isPending && unlock.variables?.category === c.tagLink}
                    onClick={() => unlock.mutate({ botId: bot._id, category: c.tagLink })}
                    data-testid={`album-unlock-${c.tagLink}`}
                  >
                    {t('album.unlock', { price: formatTokens(c.price) })}
                  </Button>
                  {!subscribed ? (
                    <Link
                      to="/paywall"
                      className={buttonClass('secondary', 'sm')}
                      data-testid={`album-subscribe-${c.tagLink}`}
                    >
                      {t('album.subscribe')}
                    </Link>
                  ) : null}
                </div>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** SPEC §9: six skeleton cards while an album loads. */
export function AlbumSkeletons({ count = 6 }: { count?: number }) {
  return (
    <ul className={styles.grid} aria-hidden="true" data-testid="album-skeletons">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={`${styles.card} ${styles.skeleton} skeleton`} data-testid="album-skeleton" />
      ))}
    </ul>
  );
}
