import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { sendAppeal } from '../../support/api/appeal-api.ts';
import styles from './ban-appeal-form.module.css';

/** Inside the ban modal: the one write a banned account may make, an appeal to the operators. */
export function BanAppealForm() {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setError(t('appeal.required'));
      return;
    }
    setState('sending');
    setError(null);
    try {
      await sendAppeal(text.trim());
      setState('sent');
    } catch (err) {
      setError(errorMessage(err, t));
      setState('idle');
    }
  };

  if (state === 'sent')
    return (
      <p className={styles.sent} role="status" data-testid="appeal-sent">
        {t('appeal.sent')}
      </p>
    );
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} data-testid="appeal-form">
      <label className={styles.label} htmlFor={id}>
        {t('appeal.label')}
      </label>
      <textarea
        id={id}
        className={styles.input}
        rows={3}
        maxLength={2000}
        value={text}
        placeholder={t('appeal.placeholder')}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        data-testid="appeal-text"
      />
      {error ? (
        <p className={styles.error} role="alert" data-testid="appeal-error">
          {error}
        </p>
      ) : null}
      <Button
        block
        type="submit"
        variant="secondary"
        disabled={state === 'sending'}
        data-testid="appeal-send"
      >
        {t('appeal.send')}
      </Button>
    </form>
  );
}
