import { NEW_USER_TOKENS, PASSWORD_MIN_LENGTH } from '@amora/shared/constants.ts';
import type { User } from '@amora/shared/user.ts';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { signIn, signUp } from '../api/auth-api.ts';
import { startSession } from '../session.ts';
import { validateEmail, validateNewPassword, validatePassword } from '../validation.ts';
import { PasswordField } from './password-field.tsx';
import { oauthErrorText } from '../oauth-error-text.ts';
import { ProviderButtons } from './provider-buttons.tsx';
import styles from './auth-form.module.css';

export type AuthMode = 'sign-in' | 'sign-up';

type AuthFormProps = {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onSuccess: (user: User, mode: AuthMode) => void;
  /** Called before following a link out of the form (the popup closes itself). */
  onNavigateAway?: () => void;
};

type FieldErrors = { email?: string | null; password?: string | null; terms?: string | null };

/** Why a provider sign-in came back without a session (`?oauth_error=&provider=`), in words. */
function useOAuthError(): string | null {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('oauth_error');
  return code ? oauthErrorText(code, params.get('provider'), t) : null;
}

/** Where a provider sign-in lands: the page under the popup (without the popup), or home. */
function useReturnTo(): string {
  const location = useLocation();
  if (location.pathname.startsWith('/auth/')) return '/';
  const search = new URLSearchParams(location.search);
  search.delete('popup');
  search.delete('nested');
  const qs = search.toString();
  return `${location.pathname}${qs ? `?${qs}` : ''}`;
}

export function AuthForm({ mode, onModeChange, onSuccess, onNavigateAway }: AuthFormProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const oauthError = useOAuthError();
  const returnTo = useReturnTo();
  const [serverError, setServerError] = useState<string | null>(oauthError);
  const [busy, setBusy] = useState(false);
  const signingUp = mode === 'sign-up';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: FieldErrors = {
      email: validateEmail(email),
      password: signingUp ? validateNewPassword(password) : validatePassword(password),
      terms: signingUp && !terms ? 'auth.errors.termsRequired' : null,
    };
    setErrors(next);
    setServerError(null);
    if (next.email || next.password || next.terms) return;
    setBusy(true);
    try {
      const response = signingUp
        ? await signUp({ email: email.trim(), password, language: currentLanguage() })
        : await signIn({ email: email.trim(), password });
      startSession(response);
      onSuccess(response.user, mode);
    } catch (error) {
      setServerError(errorMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  const switchMode = (target: AuthMode) => {
    setErrors({});
    setServerError(null);
    onModeChange(target);
  };

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      data-testid={signingUp ? 'sign-up-form' : 'sign-in-form'}
    >
      {signingUp ? (
        <p className={styles.bonus}>
          <span className={styles.bonusDot} aria-hidden="true" />
          {t('auth.bonus', { tokens: NEW_USER_TOKENS })}
        </p>
      ) : null}
      <TextField
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email ? t(errors.email) : null}
        placeholder={t('auth.emailPlaceholder')}
        data-autofocus
      />
      <PasswordField
        label={t('auth.password')}
        name="password"
        autoComplete={signingUp ? 'new-password' : 'current-password'}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password ? t(errors.password, { min: PASSWORD_MIN_LENGTH }) : null}
        hint={signingUp ? t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH }) : undefined}
      />
      {signingUp ? (
        <div className={styles.termsRow}>
          <label className={styles.checkbox}>
            <input
              type="checkbox"
              name="terms"
              checked={terms}
              onChange={(e) => setTerms(e.target.checked)}
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? 'terms-error' : undefined}
            />
            <span className={styles.box} aria-hidden="true" />
            <span>
              <Trans
                i18nKey="auth.terms"
                components={{
                  strong: <strong />,
                  terms: <Link to="/legal/terms" target="_blank" data-testid="signup-terms-link" />,
                  privacy: <Link to="/legal/privacy" target="_blank" data-testid="signup-privacy-link" />,
                }}
              />
            </span>
          </label>
          {errors.terms ? (
            <p id="terms-error" className={styles.fieldError} role="alert">
              {t(errors.terms)}
            </p>
          ) : null}
        </div>
      ) : (
        <Link to="/auth/recovery" className={styles.forgot} onClick={onNavigateAway}>
          {t('auth.forgot')}
        </Link>
      )}
      {serverError ? (
        <p className={styles.serverError} role="alert" data-testid="auth-error">
          <AlertIcon size={18} />
          <span>{serverError}</span>
        </p>
      ) : null}
      <Button type="submit" size="lg" block loading={busy}>
        {signingUp ? t('auth.createAccount') : t('auth.signIn')}
      </Button>
      <ProviderButtons
        mode={mode}
        termsAccepted={terms}
        returnTo={returnTo}
        onTermsMissing={() => setErrors((e) => ({ ...e, terms: 'auth.errors.termsRequired' }))}
      />
      <p className={styles.switch}>
        {signingUp ? t('auth.haveAccount') : t('auth.noAccount')}{' '}
        <button
          type="button"
          className={styles.switchButton}
          onClick={() => switchMode(signingUp ? 'sign-in' : 'sign-up')}
        >
          {signingUp ? t('auth.signInInstead') : t('auth.createNewAccount')}
        </button>
      </p>
    </form>
  );
}
