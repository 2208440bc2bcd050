import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../app/layouts/page-header.tsx';
import { RewardTasks } from '../../rewards/components/reward-tasks.tsx';
import styles from './tasks-page.module.css';

/** SPEC §1 free-token tasks with their state; the quiz and the invite link live on the wallet's earn page. */
export function TasksPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <PageHeader />
      <p className={styles.intro}>{t('shell.tasks.intro')}</p>
      <RewardTasks onQuiz={() => void navigate('/wallet/earnTokens?quiz=open')} />
      <p className={styles.soon}>{t('shell.tasks.fortune')}</p>
    </div>
  );
}
