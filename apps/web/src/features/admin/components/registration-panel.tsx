import type { RegistrationTokenView } from '@amora/shared/admin.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import {
  adminKeys,
  createRegistrationToken,
  fetchRegistrationTokens,
  type IssuedRegistrationToken,
} from '../api/admin-api.ts';
import { parseRegistrationForm } from '../forms.ts';
import { AdminList, AdminSection, useCreateForm } from './admin-section.tsx';
import styles from './admin.module.css';
import '../../../lib/console-i18n.ts';

/** Issue a single-use sign-in link for an email (docs/decisions/018) and see the ones issued. */
export function RegistrationPanel() {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const [ttlHours, setTtlHours] = useState('');
  const [source, setSource] = useState('');
  const [issued, setIssued] = useState<(IssuedRegistrationToken & { email: string }) | null>(null);

  const list = useQuery({
    queryKey: adminKeys.registrationTokens(),
    queryFn: ({ signal }) => fetchRegistrationTokens(signal),
  });
  const { errors, submit, pending } = useCreateForm({
    parse: () => parseRegistrationForm({ email, ttlHours, source }),
    create: createRegistrationToken,
    listKey: adminKeys.registrationTokens(),
    onCreated: (result, input) => {
      setIssued({ ...result, email: input.email });
      setEmail('');
      setTtlHours('');
      setSource('');
    },
  });

  const copy = (text: string) => {
    void navigator.clipboard
      ?.writeText(text)
      .then(() => showToast(t('admin.registration.copied'), 'success'))
      .catch(() => undefined);
  };

  return (
    <AdminSection id="admin-registration" title={t('admin.registration.title')}>
      <p className={styles.muted}>{t('admin.registration.intro')}</p>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="admin-registration-form">
        <TextField
          label={t('admin.registration.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email ? t(errors.email) : null}
          autoComplete="off"
          required
        />
        <TextField
          label={t('admin.registration.ttl')}
          hint={t('admin.registration.ttlHint')}
          inputMode="numeric"
          value={ttlHours}
          onChange={(e) => setTtlHours(e.target.value)}
          error={errors.ttlHours ? t(errors.ttlHours) : null}
        />
        <TextField
          label={t('admin.registration.source')}
          hint={t('admin.registration.sourceHint')}
          value={source}
          onChange={(e) => setSource(e.target.value)}
          error={errors.source ? t(errors.source) : null}
          maxLength={64}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={pending}>
            {t('admin.registration.create')}
          </Button>
        </div>
      </form>

      {issued ? (
        <div className={styles.issued} role="status" data-testid="admin-registration-issued">
          <p>
            <strong>
              {issued.created
                ? t('admin.registration.issuedNew', { email: issued.email })
                : t('admin.registration.issuedLinked', { email: issued.email })}
            </strong>{' '}
            {t('admin.registration.issuedOnce', { date: formatDateTime(issued.expiresAt, i18n.language) })}
          </p>
          <p className={styles.mono} data-testid="admin-registration-url">
            {issued.url}
          </p>
          <div className={styles.actions}>
            <Button size="sm" variant="secondary" onClick={() => copy(issued.url)}>
              {t('admin.registration.copyLink')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => copy(issued.registrationToken)}>
              {t('admin.registration.copyToken')}
            </Button>
          </div>
        </div>
      ) : null}

      <AdminList
        title={t('admin.registration.listTitle')}
        query={list}
        empty={t('admin.registration.none')}
        testId="admin-registration-list"
        row={(r, loadedAt) => <TokenRow key={r._id} row={r} language={i18n.language} now={loadedAt} />}
      />
    </AdminSection>
  );
}

/** `now`: when the list was loaded (render stays pure). */
function TokenRow({ row, language, now }: { row: RegistrationTokenView; language: string; now: number }) {
  const { t } = useTranslation();
  const state = row.usedAt
    ? t('admin.registration.used', { date: formatDateTime(row.usedAt, language) })
    : new Date(row.expiresAt).getTime() < now
      ? t('admin.registration.expired')
      : t('admin.registration.activeUntil', { date: formatDateTime(row.expiresAt, language) });
  return (
    <li className={`${styles.row} ${styles.threeColumns}`} data-testid="admin-registration-token">
      <span className={styles.rowMain}>{row.email}</span>
      <span className={styles.muted}>
        {t('admin.registration.issuedAt', { date: formatDateTime(row.createdAt, language) })}
      </span>
      <span>{state}</span>
    </li>
  );
}
