import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '../../../app/layouts/page-header.tsx';
import { DailyRewards } from './daily-rewards.tsx';
import { InviteSection } from './invite-section.tsx';
import { QuizDialog } from './quiz-dialog.tsx';
import { RewardTasks } from './reward-tasks.tsx';
import styles from './rewards.module.css';
import '../../../lib/pages-i18n.ts';

/** `/wallet/earnTokens`: the daily reward, the tasks with the quiz, and the invite link. */
export function EarnTokensPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { hash } = useLocation();
  const quizOpen = params.get('quiz') === 'open';

  useEffect(() => {
    if (hash === '#invite') document.getElementById('invite')?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const setQuiz = (open: boolean) => {
    const next = new URLSearchParams(params);
    if (open) next.set('quiz', 'open');
    else next.delete('quiz');
    setParams(next, { replace: true });
  };

  return (
    <div className={styles.page}>
      <PageHeader />
      <p className={styles.intro}>{t('rewards.earn.intro')}</p>
      <DailyRewards />
      <section aria-labelledby="tasks-title" className={styles.section}>
        <h2 id="tasks-title" className={styles.subTitle}>
          {t('rewards.earn.tasks')}
        </h2>
        <RewardTasks onQuiz={() => setQuiz(true)} />
      </section>
      <InviteSection />
      <p className={styles.muted}>{t('shell.tasks.fortune')}</p>
      <QuizDialog open={quizOpen} onClose={() => setQuiz(false)} />
    </div>
  );
}
