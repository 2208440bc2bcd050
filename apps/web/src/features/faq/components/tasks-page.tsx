import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../app/layouts/page-header.tsx';
import styles from './tasks-page.module.css';

/** SPEC §1 free-token tasks; the rewards themselves are paid out from the wallet's earn page. */
const TASKS = [
  { id: 'quiz', to: '/wallet/earnTokens' },
  { id: 'x', href: 'https://x.com' },
  { id: 'instagram', href: 'https://www.instagram.com' },
  { id: 'discord', href: 'https://discord.com' },
  { id: 'medium', href: 'https://medium.com' },
  { id: 'invite', to: '/wallet/earnTokens' },
] as const;

export function TasksPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <PageHeader />
      <p className={styles.intro}>{t('shell.tasks.intro')}</p>
      <ul className={styles.list}>
        {TASKS.map((task) => (
          <li key={task.id} className={styles.item} data-testid={`task-${task.id}`}>
            <div>
              <h2 className={styles.name}>{t(`shell.tasks.${task.id}.title`)}</h2>
              <p className={styles.text}>{t(`shell.tasks.${task.id}.text`)}</p>
            </div>
            {'to' in task ? (
              <Link to={task.to} className={styles.action}>
                {t('shell.tasks.start')}
              </Link>
            ) : (
              <a href={task.href} target="_blank" rel="noopener noreferrer" className={styles.action}>
                {t('shell.tasks.open')}
              </a>
            )}
          </li>
        ))}
      </ul>
      <p className={styles.soon}>{t('shell.tasks.fortune')}</p>
    </div>
  );
}
