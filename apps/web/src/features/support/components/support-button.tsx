import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { HelpIcon } from '../../../components/ui/icons.tsx';
import { useCanContactSupport, useOpenSupport } from '../hooks/use-open-support.ts';
import styles from './support-button.module.css';

export function SupportButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const visible = useCanContactSupport();
  const { open, opening } = useOpenSupport();
  if (!visible) return null;
  const label = t('shell.support.button');
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={open}
      loading={opening}
      icon={<HelpIcon size={18} />}
      // Below 1024 px only the icon shows: the name stays the same at every width.
      aria-label={label}
      className={[styles.button, className].filter(Boolean).join(' ')}
      data-testid="support-button"
    >
      <span className={styles.label}>{label}</span>
    </Button>
  );
}
