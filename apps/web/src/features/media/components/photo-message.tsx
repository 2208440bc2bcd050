import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog.tsx';
import styles from './media.module.css';

/** A photo in the conversation: a button that opens it full size in a dialog. */
export function PhotoMessage({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <p className={styles.mediaError} role="img" aria-label={alt} data-testid="photo-error">
        {t('media.photo.loadError')}
      </p>
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
          src={src}
          alt={alt}
          loading="lazy"
          onError={() => setBroken(true)}
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
        <img className={styles.viewerImage} src={src} alt={alt} />
      </Dialog>
    </>
  );
}
