import { PASSWORD_MIN_LENGTH } from '@amora/shared/constants.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { requestRecovery, resetPassword } from '../api/auth-api.ts';
import { startSession } from '../session.ts';
import { validateEmail, validateNewPassword } from '../validation.ts';
import { PasswordField } from './password-field.tsx';
import formStyles from './auth-form.module.css';
import styles from './auth-page.module.css';

/** /auth/recovery: ask for a reset link; /auth/recovery?token=… : choose a new password. */
export function RecoveryPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  useDocumentTitle(t('titles.recovery'));
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="recovery-title">
        {token ? <ResetForm token={token} /> : <RequestForm />}
      </section>
    </div>
  );
}

function RequestForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateEmail(email);
    setError(problem);
    setServerError(null);
    if (problem) return;
    setBusy(true);
    try {
      await requestRecovery(email.trim());
      setSent(true);
    } catch (err) {
      setServerError(errorMessage(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1 id="recovery-title" className={`${styles.title} display-font`}>
        {t('recovery.title')}
      </h1>
      {sent ? (
        <div className={styles.success}>
          <p className={styles.note} role="status" data-testid="recovery-sent">
            {t('recovery.sent')}
          </p>
          <p className={styles.back}>
            <Link to="/auth/signin">{t('recovery.backToSignIn')}</Link>
          </p>
        </div>
      ) : (
        <>
          <p className={styles.subtitle}>{t('recovery.subtitle')}</p>
          <form className={formStyles.form} onSubmit={submit} noValidate>
            <TextField
              label={t('auth.email')}
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={error ? t(error) : null}
              placeholder={t('auth.emailPlaceholder')}
            />
            {serverError ? (
              <p className={formStyles.serverError} role="alert">
                <AlertIcon size={18} />
                <span>{serverError}</span>
              </p>
            ) : null}
            <Button type="submit" size="lg" block loading={busy}>
              {t('recovery.send')}
            </Button>
            <p className={styles.back}>
              <Link to="/auth/signin">{t('recovery.backToSignIn')}</Link>
            </p>
          </form>
        </>
      )}
    </>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string | null; confirm?: string | null }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      password: validateNewPassword(password),
      confirm: confirm !== password ? 'recovery.errors.mismatch' : null,
    };
    setErrors(next);
    setServerError(null);
    if (next.password || next.confirm) return;
    setBusy(true);
    try {
      const response = await resetPassword({ token, password });
      startSession(response);
      void navigate(response.user.onboarded ? '/' : '/onboarding/welcome', { replace: true });
    } catch (err) {
      setServerError(errorMessage(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1 id="recovery-title" className={`${styles.title} display-font`}>
        {t('recovery.resetTitle')}
      </h1>
      <p className={styles.subtitle}>{t('recovery.resetSubtitle')}</p>
      <form className={formStyles.form} onSubmit={submit} noValidate data-testid="reset-form">
        <PasswordField
          label={t('recovery.newPassword')}
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password ? t(errors.password, { min: PASSWORD_MIN_LENGTH }) : null}
          hint={t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        />
        <PasswordField
          label={t('recovery.confirmPassword')}
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm ? t(errors.confirm) : null}
        />
        {serverError ? (
          <p className={formStyles.serverError} role="alert">
            <AlertIcon size={18} />
            <span>{serverError}</span>
          </p>
        ) : null}
        <Button type="submit" size="lg" block loading={busy}>
          {t('recovery.save')}
        </Button>
      </form>
    </>
  );
}
