import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { AlertIcon, CheckIcon, CloseIcon } from './icons.tsx';
import styles from './alert-banner.module.css';

export type AlertBannerKind = 'warning' | 'error' | 'info' | 'success';

/** SPEC §8 generic alert banner: a type, title, description, optional action (default label Submit) and close. */
export function AlertBanner({
  kind,
  title,
  description,
  actionLabel,
  onAction,
  onClose,
  testId,
}: {
  kind: AlertBannerKind;
  title: string;
  description?: string;
  actionLabel?: string;
  onAction?: () => void;
  onClose?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={`${styles.banner} ${styles[kind]}`}
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <span className={styles.icon} aria-hidden="true">
        {kind === 'success' ? <CheckIcon size={20} /> : <AlertIcon size={20} />}
      </span>
      <div className={styles.text}>
        <p className={styles.title}>{title}</p>
        {description ? <p className={styles.description}>{description}</p> : null}
      </div>
      {onAction ? (
        <Button
          size="sm"
          variant={kind === 'error' ? 'danger' : 'primary'}
          onClick={onAction}
          className={styles.action}
        >
          {actionLabel ?? t('common.submit')}
        </Button>
      ) : null}
      {onClose ? (
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('common.dismiss')}>
          <CloseIcon size={16} />
        </button>
      ) : null}
    </div>
  );
}
