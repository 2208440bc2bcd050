import type { ActionName, RewardTask } from '@amora/shared/rewards.ts';
import { formatTokens } from '@amora/shared/rules.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { CheckIcon, CoinIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAuthStore } from '../../auth/store.ts';
import { walletKeys } from '../../wallet/api/wallet-api.ts';
import { claimTask, fetchTasks, markTaskPending, rewardsKeys } from '../api/rewards-api.ts';
import styles from './rewards.module.css';
import '../../../lib/pages-i18n.ts';

/**
 * The free-token tasks with their state (SPEC §1, §4): available → pending → verified → claimed.
 * Opening a social link marks its task pending; the quiz opens with `onQuiz`.
 */
export function RewardTasks({ onQuiz }: { onQuiz: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tasks = useQuery({ queryKey: rewardsKeys.tasks(), queryFn: ({ signal }) => fetchTasks(signal) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: rewardsKeys.tasks() });

  const open = useMutation({
    mutationFn: markTaskPending,
    onSettled: refresh,
  });
  const claim = useMutation({
    mutationFn: claimTask,
    onSuccess: (res) => {
      useAuthStore.getState().setTokens(res.updatedTokens);
      showToast(t('rewards.tasks.claimedToast', { tokens: formatTokens(res.tokens) }), 'success');
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
    onSettled: refresh,
  });

  if (tasks.isPending) return <Spinner label={t('common.loading')} />;
  if (tasks.isError) return null; // SPEC §8: reward call errors are swallowed

  const action = (task: RewardTask) => {
    const name: ActionName = task.actionName;
    if (task.status === 'claimed')
      return (
        <span className={styles.done}>
          <CheckIcon size={16} /> {t('rewards.tasks.claimed')}
        </span>
      );
    if (task.status === 'verified')
      return (
        <Button
          size="sm"
          onClick={() => claim.mutate(name)}
          loading={claim.isPending && claim.variables === name}
          data-testid={`task-claim-${name}`}
        >
          {t('rewards.tasks.claim')}
        </Button>
      );
    if (task.status === 'pending')
      return <span className={styles.waiting}>{t('rewards.tasks.waiting')}</span>;
    if (name === 'invite')
      return (
        <Link
          to="/wallet/earnTokens#invite"
          className={buttonClass('secondary', 'sm')}
          data-testid="task-open-invite"
        >
          {t('rewards.tasks.invite')}
        </Link>
      );
    if (name === 'quiz')
      return (
        <Button size="sm" variant="secondary" onClick={onQuiz} data-testid="task-open-quiz">
          {task.status === 'rejected' ? t('rewards.tasks.retry') : t('rewards.tasks.takeQuiz')}
        </Button>
      );
    return (
      <a
        href={task.url}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass('secondary', 'sm')}
        onClick={() => open.mutate(name)}
        data-testid={`task-open-${name}`}
      >
        {t('rewards.tasks.open')}
      </a>
    );
  };

  return (
    <ul className={styles.tasks} data-testid="reward-tasks">
      {tasks.data.map((task) => (
        <li
          key={task.actionName}
          className={styles.task}
          data-testid={`task-${task.actionName}`}
          data-status={task.status}
        >
          <div className={styles.taskText}>
            <h3 className={styles.taskName}>{t(`shell.tasks.${task.actionName}.title`)}</h3>
            <p className={styles.taskHint}>
              {task.actionName === 'quiz'
                ? task.status === 'pending'
                  ? t('rewards.quiz.step2')
                  : task.status === 'verified' || task.status === 'claimed'
                    ? t('shell.tasks.quiz.text')
                    : t('rewards.quiz.step1')
                : t(`shell.tasks.${task.actionName}.text`)}
            </p>
            {task.status === 'rejected' ? (
              <p className={styles.rejected}>{t('rewards.tasks.rejected')}</p>
            ) : null}
          </div>
          <span className={styles.reward}>
            <CoinIcon size={16} />
            {task.actionName === 'invite'
              ? t('rewards.tasks.perFriend', { tokens: formatTokens(task.tokens) })
              : `+${formatTokens(task.tokens)}`}
          </span>
          <div className={styles.taskAction}>{action(task)}</div>
        </li>
      ))}
    </ul>
  );
}
