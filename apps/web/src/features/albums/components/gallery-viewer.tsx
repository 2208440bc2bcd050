import type { AlbumItem } from '@amora/shared/albums.ts';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ArrowLeftIcon, ChevronRightIcon, CloseIcon } from '../../../components/ui/icons.tsx';
import { stepIndex, swipeDirection } from '../album-rules.ts';
import { AlbumMedia } from './album-media.tsx';
import styles from './albums.module.css';

/**
 * Full-screen viewer of an album: arrows and Escape on the keyboard, swipe with a finger or a mouse
 * (pointer events), buttons for both. Videos play with controls (the server answers range requests).
 */
export function GalleryViewer({
  items,
  start,
  title,
  onClose,
}: {
  items: Array<Pick<AlbumItem, '_id' | 'kind' | 'url'>>;
  start: number;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(start);
  const from = useRef<{ x: number; y: number } | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const count = items.length;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
      } else if (e.key === 'ArrowRight') setIndex((i) => stepIndex(i, count, 1));
      else if (e.key === 'ArrowLeft') setIndex((i) => stepIndex(i, count, -1));
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [count, onClose]);

  const item = items[index];
  if (!item) return null;
  return createPortal(
    <div
      className={styles.viewer}
      role="dialog"
      aria-modal="true"
      aria-label={title}
      data-testid="album-viewer"
      data-index={index}
      onPointerDown={(e) => {
        from.current = { x: e.clientX, y: e.clientY };
      }}
      onPointerUp={(e) => {
        const start0 = from.current;
        from.current = null;
        if (!start0) return;
        const dir = swipeDirection(e.clientX - start0.x, e.clientY - start0.y);
        if (dir) setIndex((i) => stepIndex(i, count, dir));
      }}
      onPointerCancel={() => {
        from.current = null;
      }}
    >
      <div className={styles.viewerBar}>
        <span data-testid="album-viewer-position">{t('album.position', { index: index + 1, count })}</span>
        <button
          ref={closeRef}
          type="button"
          className={styles.viewerButton}
          onClick={onClose}
          aria-label={t('album.close')}
          data-testid="album-viewer-close"
        >
          <CloseIcon size={22} />
        </button>
      </div>
      <div className={styles.viewerStage}>
        <AlbumMedia
          key={item._id}
          kind={item.kind}
          src={item.url}
          alt={t('album.itemAlt', { name: title, index: index + 1 })}
          controls
          className={styles.viewerMedia}
        />
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            className={`${styles.viewerButton} ${styles.viewerPrev}`}
            onClick={() => setIndex((i) => stepIndex(i, count, -1))}
            aria-label={t('album.previous')}
            data-testid="album-viewer-prev"
          >
            <ArrowLeftIcon size={22} />
          </button>
          <button
            type="button"
            className={`${styles.viewerButton} ${styles.viewerNext}`}
            onClick={() => setIndex((i) => stepIndex(i, count, 1))}
            aria-label={t('album.next')}
            data-testid="album-viewer-next"
          >
            <ChevronRightIcon size={22} />
          </button>
        </>
      ) : null}
    </div>,
    document.body,
  );
}
