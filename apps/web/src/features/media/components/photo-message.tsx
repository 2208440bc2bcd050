import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useProtectedUrl } from '../hooks/use-protected-url.ts';
import styles from './media.module.css';

/** A photo in the conversation: a button that opens it full size in a dialog. */
export function PhotoMessage({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [broken, setBroken] = useState(false);
  const media = useProtectedUrl(src);
  const onError = () => {
    if (!media.onError()) setBroken(true);
  };
  if (broken || media.failed) {
    return (
      <p className={styles.mediaError} role="img" aria-label={alt} data-testid="photo-error">
        {t('media.photo.loadError')}
      </p>
    );
  }
  if (!media.src) {
    return (
      <div
        className={styles.photoLoading}
        role="img"
        aria-label={alt}
        aria-busy="true"
        data-testid="photo-loading"
      />
    );
  }
  return (
    <>
      <button
        type="button"
        className={styles.photoButton}
        onClick={() => setOpen(true)}
        aria-label={t('media.photo.open', { alt })}
        aria-haspopup="dialog"
        data-testid="photo-open"
      >
        <img
          className={styles.photo}
          src={media.src}
          alt={alt}
          loading="lazy"
          onError={onError}
          data-testid="message-photo"
        />
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={alt}
        hideTitle
        size="md"
        className={styles.viewer}
        testId="photo-viewer"
      >
        <img className={styles.viewerImage} src={media.src} alt={alt} onError={onError} />
      </Dialog>
    </>
  );
}
