import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { reloadUser } from '../../auth/session.ts';
import { useAuthStore } from '../../auth/store.ts';
import { confirmEmailLink } from '../api/account-api.ts';
import styles from './account.module.css';
import '../../../lib/pages-i18n.ts';

/** `/account/verify?token=`: the link from a verification or email-change email. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('account.verify.pageTitle'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useAuthStore((s) => Boolean(s.accessToken));
  const confirm = useMutation({
    mutationFn: () => confirmEmailLink(token),
    onSuccess: () => {
      if (useAuthStore.getState().accessToken) void reloadUser();
    },
  });
  const started = useRef(false);
  useEffect(() => {
    // Once: a link works once, and React may run effects twice in development.
    if (started.current || !token) return;
    started.current = true;
    confirm.mutate();
  }, [confirm, token]);

  return (
    <div className={styles.page} data-testid="verify-email-page">
      <h1>{t('account.verify.pageTitle')}</h1>
      {!token ? (
        <p role="alert">{t('account.verify.noToken')}</p>
      ) : confirm.isSuccess ? (
        <p data-testid="verify-email-done">
          {confirm.data.kind === 'verify'
            ? t('account.verify.done', { email: confirm.data.email })
            : t('account.email.done', { email: confirm.data.email })}
        </p>
      ) : confirm.isError ? (
        <p role="alert" data-testid="verify-email-error">
          {errorMessage(confirm.error, t)}
        </p>
      ) : (
        <Spinner />
      )}
      <p>
        <Link to={signedIn ? '/profile' : '/'}>
          {signedIn ? t('account.toProfile') : t('account.toHome')}
        </Link>
      </p>
    </div>
  );
}
