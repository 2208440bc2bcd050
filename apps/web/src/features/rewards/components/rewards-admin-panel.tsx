import { verifiedActions, type PendingTask, type VerifiedAction } from '@amora/shared/rewards.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { AdminList, AdminSection } from '../../admin/components/admin-section.tsx';
import adminStyles from '../../admin/components/admin.module.css';
import {
  newQuestionId,
  parseQuizForm,
  parseSettingsForm,
  quizToForm,
  settingsToForm,
  type QuestionForm,
  type SettingsForm,
} from '../admin-forms.ts';
import {
  decideTask,
  fetchAdminRewards,
  fetchPendingTasks,
  rewardsKeys,
  saveQuiz,
  saveRewardSettings,
} from '../api/rewards-api.ts';
import styles from './rewards-admin.module.css';
import '../../../lib/console-i18n.ts';
import '../../../lib/pages-i18n.ts';

/** `/admin/rewards`: reward settings, tasks waiting for verification, the quiz editor. */
export function RewardsAdminPanel() {
  const { t } = useTranslation();
  const data = useQuery({
    queryKey: rewardsKeys.admin(),
    queryFn: ({ signal }) => fetchAdminRewards(signal),
  });
  return (
    <AdminSection id="admin-rewards" title={t('rewards.admin.title')}>
      <PendingList />
      {data.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : data.isError ? (
        <p role="alert" className={adminStyles.error}>
          {errorMessage(data.error, t)}
        </p>
      ) : (
        <>
          <SettingsEditor key={`s-${data.dataUpdatedAt}`} initial={settingsToForm(data.data.settings)} />
          <QuizEditor key={`q-${data.dataUpdatedAt}`} initial={quizToForm(data.data.quiz)} />
        </>
      )}
    </AdminSection>
  );
}

function PendingList() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: rewardsKeys.adminPending(),
    queryFn: ({ signal }) => fetchPendingTasks(signal),
  });
  const decide = useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'verify' | 'reject' }) => decideTask(id, decision),
    onSuccess: (_r, v) =>
      showToast(
        t(v.decision === 'verify' ? 'rewards.admin.verified' : 'rewards.admin.rejectedToast'),
        'success',
      ),
    onError: (err) => showToast(errorMessage(err, t), 'error'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: rewardsKeys.adminPending() }),
  });
  return (
    <AdminList
      title={t('rewards.admin.pending')}
      query={list}
      empty={t('rewards.admin.pendingNone')}
      testId="admin-rewards-pending"
      row={(p: PendingTask) => (
        <li key={p._id} className={adminStyles.row} data-testid="admin-rewards-task" data-email={p.email}>
          <span className={adminStyles.rowMain}>{p.email}</span>
          <span>{t(`shell.tasks.${p.actionName}.title`)}</span>
          <span className={adminStyles.muted}>{formatDateTime(p.pendingAt, i18n.language)}</span>
          <span className={styles.buttons}>
            <Button
              size="sm"
              onClick={() => decide.mutate({ id: p._id, decision: 'verify' })}
              data-testid="admin-rewards-verify"
            >
              {t('rewards.admin.verify')}
            </Button>
            <Button
              size="sm"
              variant="danger"
              onClick={() => decide.mutate({ id: p._id, decision: 'reject' })}
              data-testid="admin-rewards-reject"
            >
              {t('rewards.admin.reject')}
            </Button>
          </span>
        </li>
      )}
    />
  );
}

function SettingsEditor({ initial }: { initial: SettingsForm }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Set<string>>(new Set());
  const save = useMutation({
    mutationFn: saveRewardSettings,
    onSuccess: () => {
      showToast(t('rewards.admin.saved'), 'success');
      void queryClient.invalidateQueries({ queryKey: rewardsKeys.all });
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  const has = (prefix: string) => [...errors].some((e) => e === prefix || e.startsWith(`${prefix}.`));
  const err = (prefix: string) => (has(prefix) ? t('rewards.admin.invalid') : null);
  const setTask = (a: VerifiedAction, patch: Partial<SettingsForm['tasks'][VerifiedAction]>) =>
    setForm((f) => ({ ...f, tasks: { ...f.tasks, [a]: { ...f.tasks[a], ...patch } } }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseSettingsForm(form);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors(new Set());
    save.mutate(parsed.value);
  };

  return (
    <>
      <h2 className={adminStyles.subTitle}>{t('rewards.admin.settings')}</h2>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="admin-rewards-settings">
        <div className={styles.row2}>
          <TextField
            label={t('rewards.admin.daily')}
            hint={t('rewards.admin.dailyHint')}
            value={form.daily}
            onChange={(e) => setForm({ ...form, daily: e.target.value })}
            error={err('daily')}
            data-testid="admin-rewards-daily"
          />
          <TextField
            label={t('rewards.admin.referral')}
            hint={t('rewards.admin.referralHint')}
            inputMode="numeric"
            value={form.referralTokens}
            onChange={(e) => setForm({ ...form, referralTokens: e.target.value })}
            error={err('referralTokens')}
          />
        </div>
        {verifiedActions.map((a) => (
          <fieldset key={a} className={styles.task} data-testid={`admin-rewards-task-${a}`}>
            <legend className={styles.taskName}>{t(`shell.tasks.${a}.title`)}</legend>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={form.tasks[a].enabled}
                onChange={(e) => setTask(a, { enabled: e.target.checked })}
              />
              {t('rewards.admin.enabled')}
            </label>
            <TextField
              label={t('rewards.admin.tokens')}
              inputMode="numeric"
              value={form.tasks[a].tokens}
              onChange={(e) => setTask(a, { tokens: e.target.value })}
              error={err(`tasks.${a}.tokens`)}
            />
            {a === 'quiz' ? null : (
              <TextField
                label={t('rewards.admin.url')}
                type="url"
                value={form.tasks[a].url}
                onChange={(e) => setTask(a, { url: e.target.value })}
                error={err(`tasks.${a}.url`)}
              />
            )}
            <TextField
              label={t('rewards.admin.autoVerify')}
              hint={t('rewards.admin.autoVerifyHint')}
              inputMode="numeric"
              value={form.tasks[a].autoVerify}
              onChange={(e) => setTask(a, { autoVerify: e.target.value })}
              error={err(`tasks.${a}.autoVerifySeconds`)}
              data-testid={`admin-rewards-autoverify-${a}`}
            />
          </fieldset>
        ))}
        <div>
          <Button type="submit" loading={save.isPending} data-testid="admin-rewards-save">
            {t('rewards.admin.save')}
          </Button>
        </div>
      </form>
    </>
  );
}

function QuizEditor({ initial }: { initial: QuestionForm[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [questions, setQuestions] = useState(initial);
  const [errors, setErrors] = useState<Set<number>>(new Set());
  const save = useMutation({
    mutationFn: saveQuiz,
    onSuccess: () => {
      showToast(t('rewards.admin.quizSaved'), 'success');
      void queryClient.invalidateQueries({ queryKey: rewardsKeys.all });
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  const set = (i: number, patch: Partial<QuestionForm>) =>
    setQuestions((qs) => qs.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseQuizForm(questions);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors(new Set());
    save.mutate(parsed.value);
  };

  return (
    <>
      <h2 className={adminStyles.subTitle}>{t('rewards.admin.quiz')}</h2>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="admin-rewards-quiz">
        {questions.map((q, i) => (
          <fieldset key={q.id} className={styles.task} aria-invalid={errors.has(i) || undefined}>
            <legend className={styles.taskName}>{t('rewards.admin.question', { n: i + 1 })}</legend>
            <TextField
              label={t('rewards.admin.questionEn')}
              value={q.en}
              onChange={(e) => set(i, { en: e.target.value })}
            />
            <TextField
              label={t('rewards.admin.questionRu')}
              value={q.ru}
              onChange={(e) => set(i, { ru: e.target.value })}
            />
            <label className={styles.area}>
              <span>{t('rewards.admin.options')}</span>
              <textarea rows={4} value={q.options} onChange={(e) => set(i, { options: e.target.value })} />
            </label>
            <TextField
              label={t('rewards.admin.answer')}
              inputMode="numeric"
              value={q.answer}
              onChange={(e) => set(i, { answer: e.target.value })}
              error={errors.has(i) ? t('rewards.admin.invalid') : null}
            />
            <div>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                onClick={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}
                disabled={questions.length <= 1}
              >
                {t('rewards.admin.removeQuestion')}
              </Button>
            </div>
          </fieldset>
        ))}
        <div className={styles.buttons}>
          <Button
            type="button"
            variant="secondary"
            onClick={() =>
              setQuestions((qs) => [
                ...qs,
                { id: newQuestionId(qs.map((q) => q.id)), en: '', ru: '', options: '', answer: '1' },
              ])
            }
          >
            {t('rewards.admin.addQuestion')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="admin-rewards-quiz-save">
            {t('rewards.admin.saveQuiz')}
          </Button>
        </div>
      </form>
    </>
  );
}
