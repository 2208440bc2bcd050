import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './albums.module.css';

/** An album image or video; a failed load shows SPEC §9's 'Error loading image' / 'Error loading video'. */
export function AlbumMedia({
  kind,
  src,
  alt,
  controls = false,
  className,
}: {
  kind: 'image' | 'video';
  src: string | null;
  alt: string;
  controls?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src)
    return (
      <div
        className={`${styles.mediaError} ${className ?? ''}`}
        role="img"
        aria-label={alt}
        data-testid="album-media-error"
      >
        {src ? t(kind === 'video' ? 'album.errorVideo' : 'album.errorImage') : null}
      </div>
    );
  return kind === 'video' ? (
    <video
      className={className}
      src={src}
      controls={controls}
      muted={!controls}
      playsInline
      preload="metadata"
      onError={() => setFailed(src)}
      aria-label={alt}
      data-testid="album-video"
    />
  ) : (
    <img
      className={className}
      src={src}
      alt={alt}
      loading="lazy"
      onError={() => setFailed(src)}
      draggable={false}
    />
  );
}
