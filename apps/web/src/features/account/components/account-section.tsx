import { PASSWORD_MIN_LENGTH } from '@amora/shared/constants.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAuthStore } from '../../auth/store.ts';
import {
  accountKeys,
  changeEmail,
  changePassword,
  exportMyData,
  fetchReceipts,
  formatMoney,
  resendVerification,
  saveJsonFile,
} from '../api/account-api.ts';
import styles from './account.module.css';
import '../../../lib/pages-i18n.ts';

/** The profile's "Account" card: the address and its confirmation, password, email, my data, receipts. */
export function AccountSection() {
  const { t, i18n } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const [dialog, setDialog] = useState<'password' | 'email' | null>(null);
  const receipts = useQuery({
    queryKey: accountKeys.receipts(),
    queryFn: ({ signal }) => fetchReceipts(signal),
  });
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: () => showToast(t('account.verify.sent'), 'success'),
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  const download = useMutation({
    mutationFn: exportMyData,
    onSuccess: (data) => saveJsonFile(data, `amora-data-${data.exportedAt.slice(0, 10)}.json`),
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  if (!user) return null;

  return (
    <section className={styles.card} aria-labelledby="account-title" data-testid="account-section">
      <h2 id="account-title" className={styles.cardTitle}>
        {t('account.title')}
      </h2>
      <div className={styles.row}>
        <span>{user.email}</span>
        {user.emailVerified ? (
          <span className={styles.verified} data-testid="email-verified">
            {t('account.verify.verified')}
          </span>
        ) : (
          <span className={styles.unverified} data-testid="email-unverified">
            {t('account.verify.unverified')}
          </span>
        )}
      </div>
      {!user.emailVerified ? (
        <>
          <p className={styles.muted}>{t('account.verify.hint')}</p>
          <div className={styles.actions}>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => resend.mutate()}
              loading={resend.isPending}
              data-testid="resend-verification"
            >
              {t('account.verify.resend')}
            </Button>
          </div>
        </>
      ) : null}
      <div className={styles.actions}>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setDialog('password')}
          data-testid="change-password"
        >
          {t('account.password.open')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setDialog('email')} data-testid="change-email">
          {t('account.email.open')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => download.mutate()}
          loading={download.isPending}
          data-testid="download-data"
        >
          {t('account.export')}
        </Button>
      </div>
      <h3 className={styles.cardTitle}>{t('account.receipts.title')}</h3>
      {receipts.data?.length ? (
        <ul className={styles.list} data-testid="receipts">
          {receipts.data.map((r) => (
            <li key={r._id} className={styles.row}>
              <Link to={`/receipts/${r._id}`} data-testid="receipt-link">
                {r.number}
              </Link>
              <span className={styles.muted}>
                {formatDateTime(r.date, i18n.language)} · {formatMoney(r.amount, r.currency, i18n.language)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t('account.receipts.none')}</p>
      )}
      <div className={styles.actions}>
        <Link to="/legal/terms" data-testid="profile-terms">
          {t('account.legal.terms')}
        </Link>
        <Link to="/legal/privacy" data-testid="profile-privacy">
          {t('account.legal.privacy')}
        </Link>
      </div>
      {dialog === 'password' ? <PasswordDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'email' ? <EmailDialog onClose={() => setDialog(null)} /> : null}
    </section>
  );
}

function PasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => changePassword(current, next),
    onSuccess: ({ accessToken }) => {
      useAuthStore.getState().setAccessToken(accessToken);
      showToast(t('account.password.done'), 'success');
      onClose();
    },
    onError: (err) => setError(errorMessage(err, t)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (next.length < PASSWORD_MIN_LENGTH) {
      setError(t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH }));
      return;
    }
    setError(null);
    save.mutate();
  };
  return (
    <Dialog open onClose={onClose} title={t('account.password.title')} testId="password-dialog">
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          type="password"
          label={t('account.password.current')}
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          type="password"
          label={t('account.password.new')}
          hint={t('account.password.hint')}
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        {error ? (
          <p className={styles.error} role="alert" data-testid="account-error">
            {error}
          </p>
        ) : null}
        <Button type="submit" block loading={save.isPending} data-testid="password-save">
          {t('account.password.save')}
        </Button>
      </form>
    </Dialog>
  );
}

function EmailDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => changeEmail(email.trim(), password),
    onSuccess: () => setSentTo(email.trim()),
    onError: (err) => setError(errorMessage(err, t)),
  });
  return (
    <Dialog open onClose={onClose} title={t('account.email.title')} testId="email-dialog">
      {sentTo ? (
        <div className={styles.form}>
          <p data-testid="email-change-sent">{t('account.email.sent', { email: sentTo })}</p>
          <Button block onClick={onClose}>
            {t('account.close')}
          </Button>
        </div>
      ) : (
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            save.mutate();
          }}
          noValidate
        >
          <TextField
            type="email"
            label={t('account.email.new')}
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            type="password"
            label={t('account.password.current')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {error ? (
            <p className={styles.error} role="alert" data-testid="account-error">
              {error}
            </p>
          ) : null}
          <Button type="submit" block loading={save.isPending} data-testid="email-save">
            {t('account.email.save')}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
