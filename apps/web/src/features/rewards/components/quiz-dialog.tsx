import type { QuizResultResponse } from '@amora/shared/rewards.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { answerQuiz, fetchQuiz, rewardsKeys } from '../api/rewards-api.ts';
import styles from './rewards.module.css';
import '../../../lib/pages-i18n.ts';

/** The quiz (SPEC §4): step 1 answer every question (checked by the server), step 2 wait for verification. */
export function QuizDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  const queryClient = useQueryClient();
  const quiz = useQuery({
    queryKey: rewardsKeys.quiz(),
    queryFn: ({ signal }) => fetchQuiz(signal),
    enabled: open,
  });
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const [result, setResult] = useState<QuizResultResponse | null>(null);
  const send = useMutation({
    mutationFn: answerQuiz,
    onSuccess: (res) => {
      setResult(res);
      void queryClient.invalidateQueries({ queryKey: rewardsKeys.tasks() });
    },
  });

  const close = () => {
    setResult(null);
    setAnswers({});
    send.reset();
    onClose();
  };
  const questions = quiz.data?.questions ?? [];
  const complete = questions.length > 0 && questions.every((q) => answers[q.id] !== undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!complete) return;
    send.mutate({ answers: questions.map((q) => ({ id: q.id, answer: answers[q.id]! })) });
  };

  return (
    <Dialog open={open} onClose={close} title={t('rewards.quiz.title')} testId="quiz-dialog">
      {result?.passed ? (
        <div className={styles.quizResult} data-testid="quiz-passed">
          <p className={styles.quizOk}>{t('rewards.quiz.passed')}</p>
          <p>{t('rewards.quiz.step2')}</p>
          <Button onClick={close}>{t('rewards.quiz.done')}</Button>
        </div>
      ) : quiz.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : quiz.isError ? (
        <p role="alert">{errorMessage(quiz.error, t)}</p>
      ) : (
        <form onSubmit={submit} className={styles.quiz} noValidate>
          <p className={styles.taskHint}>{t('rewards.quiz.step1')}</p>
          {questions.map((q, qi) => (
            <fieldset key={q.id} className={styles.question} data-testid="quiz-question">
              <legend className={styles.questionText}>
                {qi + 1}. {q.question[lang]}
              </legend>
              {q.options.map((o, oi) => (
                <label key={oi} className={styles.option}>
                  <input
                    type="radio"
                    name={`quiz-${q.id}`}
                    value={oi}
                    checked={answers[q.id] === oi}
                    onChange={() => setAnswers((a) => ({ ...a, [q.id]: oi }))}
                  />
                  {o[lang]}
                </label>
              ))}
            </fieldset>
          ))}
          {result && !result.passed ? (
            <p role="alert" className={styles.rejected} data-testid="quiz-failed">
              {t('rewards.quiz.failed', { correct: result.correct, total: result.total })}
            </p>
          ) : null}
          {send.isError ? (
            <p role="alert" className={styles.rejected}>
              {errorMessage(send.error, t)}
            </p>
          ) : null}
          <Button type="submit" disabled={!complete} loading={send.isPending} data-testid="quiz-submit">
            {t('rewards.quiz.submit')}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
