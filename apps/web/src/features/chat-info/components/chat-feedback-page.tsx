const FEEDBACK_TEXT_MAX = 2000;
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ArrowLeftIcon } from '../../../components/ui/icons.tsx';
import { api } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import styles from './chat-info-page.module.css';

/** `/chat/:id/feedback`: a 1–5 rating and a comment, stored by `POST /api/chat/:id/feedback`. */
export function ChatFeedbackPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  useDocumentTitle(t('shell.feedback.title'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!rating) {
      setError(t('shell.feedback.pickRating'));
      return;
    }
    setState('sending');
    setError(null);
    try {
      await api.post(`/chat/${encodeURIComponent(id)}/feedback`, { rating, text });
      setState('sent');
    } catch (err) {
      setError(errorMessage(err, t));
      setState('idle');
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <Link
          to={`/chat/${encodeURIComponent(id)}`}
          className={styles.back}
          aria-label={t('chat.backToChats')}
        >
          <ArrowLeftIcon size={22} />
        </Link>
        <h1 className={`${styles.name} display-font`}>{t('shell.feedback.title')}</h1>
      </div>
      {state === 'sent' ? (
        <p className={styles.card} role="status" data-testid="feedback-thanks">
          {t('shell.feedback.thanks')}
        </p>
      ) : (
        <form className={styles.card} onSubmit={(e) => void submit(e)} noValidate>
          <fieldset className={styles.stars}>
            <legend className={styles.heading}>{t('shell.feedback.rating')}</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label
                key={n}
                className={styles.star}
                data-active={rating !== null && n <= rating ? true : undefined}
              >
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  checked={rating === n}
                  onChange={() => setRating(n)}
                  className="visually-hidden"
                />
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">{t('shell.feedback.stars', { count: n })}</span>
              </label>
            ))}
          </fieldset>
          <label className={styles.heading} htmlFor="feedback-text">
            {t('shell.feedback.comment')}
          </label>
          <textarea
            id="feedback-text"
            className={styles.textarea}
            value={text}
            maxLength={FEEDBACK_TEXT_MAX}
            rows={5}
            onChange={(e) => setText(e.target.value)}
          />
          {error ? (
            <p className={styles.error} role="alert">
              {error}
            </p>
          ) : null}
          <Button type="submit" loading={state === 'sending'} data-testid="feedback-submit">
            {t('shell.feedback.send')}
          </Button>
        </form>
      )}
    </div>
  );
}
