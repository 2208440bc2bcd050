import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAfterAuth } from '../hooks/use-after-auth.ts';
import { useAuthStore } from '../store.ts';
import { AuthForm, type AuthMode } from './auth-form.tsx';
import styles from './auth-page.module.css';

/** /auth/signin and /auth/signup: the same form as the popup, as a page. */
export function AuthPage({ mode }: { mode: AuthMode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const afterAuth = useAfterAuth();
  const user = useAuthStore((s) => s.user);
  const status = useAuthStore((s) => s.status);
  // Someone who arrives signed in goes home; someone who signs in here goes where afterAuth says.
  // (Both values come from the store, so they change in the same render.)
  const signedInAt = useAuthStore((s) => s.signedInAt);
  const [openedAt] = useState(() => Date.now());
  const signedInHere = signedInAt !== null && signedInAt >= openedAt;
  useDocumentTitle(mode === 'sign-up' ? t('titles.signUp') : t('titles.signIn'));

  if (status === 'ready' && user && !signedInHere) return <Navigate to="/" replace />;

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="auth-title">
        <h1 id="auth-title" className={`${styles.title} display-font`}>
          {mode === 'sign-up' ? t('auth.signUpTitle') : t('auth.signInTitle')}
        </h1>
        <p className={styles.subtitle}>
          {mode === 'sign-up' ? t('auth.signUpSubtitle') : t('auth.signInSubtitle')}
        </p>
        <AuthForm
          key={mode}
          mode={mode}
          onModeChange={(target) => void navigate(target === 'sign-up' ? '/auth/signup' : '/auth/signin')}
          onSuccess={(signedIn, authMode) =>
            afterAuth(signedIn, authMode, { fallback: () => void navigate('/', { replace: true }) })
          }
        />
      </section>
    </div>
  );
}
