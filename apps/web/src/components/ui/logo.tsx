import { useTranslation } from 'react-i18next';
import styles from './logo.module.css';

export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={styles.logo}>
      <svg className={styles.mark} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="amora-logo" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ff8a65" />
            <stop offset="0.5" stopColor="#ff4f7b" />
            <stop offset="1" stopColor="#c2185b" />
          </linearGradient>
        </defs>
        <path
          d="M12 20.5c-.3 0-.6-.1-.8-.3C7.6 17.3 3 13.9 3 9.3 3 6.6 5 4.5 7.6 4.5c1.8 0 3.3 1 4.4 2.5 1.1-1.5 2.6-2.5 4.4-2.5C19 4.5 21 6.6 21 9.3c0 4.6-4.6 8-8.2 10.9-.2.2-.5.3-.8.3z"
          fill="url(#amora-logo)"
        />
      </svg>
      {compact ? null : <span className={styles.word}>{t('app.name')}</span>}
    </span>
  );
}
