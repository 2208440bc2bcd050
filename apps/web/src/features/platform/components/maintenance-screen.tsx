import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { useMaintenance } from '../hooks/use-maintenance.ts';
import styles from './maintenance-screen.module.css';

/** Covers the whole app while the server reports maintenance (SPEC §8). */
export function MaintenanceScreen() {
  const { t } = useTranslation();
  const maintenance = useMaintenance();
  if (!maintenance) return null;
  return (
    <div
      className={styles.screen}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="maintenance-title"
      aria-describedby="maintenance-text"
      data-testid="maintenance"
    >
      <div className={styles.card}>
        <Logo />
        <h1 id="maintenance-title" className={`${styles.title} display-font`}>
          {t('shell.maintenance.title')}
        </h1>
        <p id="maintenance-text" className={styles.text}>
          {t('shell.maintenance.text')}
        </p>
        <p className={styles.hint}>{t('shell.maintenance.checking')}</p>
        <Button onClick={() => window.location.reload()} autoFocus data-testid="maintenance-refresh">
          {t('shell.maintenance.refresh')}
        </Button>
      </div>
    </div>
  );
}
