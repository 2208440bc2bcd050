import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckIcon, CloseIcon } from './icons.tsx';
import { useToastStore } from './toast-store.ts';
import styles from './toaster.module.css';

export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return createPortal(
    <div className={styles.region} aria-live="polite" aria-relevant="additions">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={[styles.toast, styles[toast.kind]].join(' ')}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <span className={styles.icon}>
            {toast.kind === 'success' ? <CheckIcon size={18} /> : <AlertIcon size={18} />}
          </span>
          <p className={styles.message}>{toast.message}</p>
          <button
            type="button"
            className={styles.close}
            onClick={() => dismiss(toast.id)}
            aria-label={t('common.dismiss')}
          >
            <CloseIcon size={16} />
          </button>
        </div>
      ))}
    </div>,
    document.body,
  );
}
