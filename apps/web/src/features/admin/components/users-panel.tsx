import type { AdminUserView } from '@amora/shared/admin.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { adminKeys, banUser, searchUsers, unbanUser } from '../api/admin-api.ts';
import { AdminSection } from './admin-section.tsx';
import { RoleForm } from './role-form.tsx';
import styles from './admin.module.css';
import '../../../lib/console-i18n.ts';

/** Find an account by email or id; ban it with a reason the user will see, or lift the ban. */
export function UsersPanel() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [draft, setDraft] = useState(q);
  const [error, setError] = useState<string | null>(null);
  const results = useQuery({
    queryKey: adminKeys.users(q),
    queryFn: ({ signal }) => searchUsers(q, signal),
    enabled: q.length > 0,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    if (!next) {
      setError(t('admin.users.searchRequired'));
      return;
    }
    setError(null);
    setParams({ q: next }, { replace: true });
    if (next === q) void results.refetch();
  };

  return (
    <AdminSection id="admin-users" title={t('admin.users.title')}>
      <form className={styles.inlineForm} onSubmit={submit} role="search" noValidate>
        <TextField
          label={t('admin.users.search')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          error={error}
          maxLength={254}
          autoComplete="off"
          data-testid="admin-user-search"
        />
        <Button type="submit" loading={results.isFetching && q.length > 0}>
          {t('admin.users.find')}
        </Button>
      </form>
      {!q ? (
        <p className={styles.muted}>{t('admin.users.hint')}</p>
      ) : results.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : results.isError ? (
        <p role="alert" className={styles.error}>
          {errorMessage(results.error, t)}
        </p>
      ) : results.data.length === 0 ? (
        <p className={styles.muted} role="status">
          {t('admin.users.none')}
        </p>
      ) : (
        <ul className={styles.cards} data-testid="admin-user-results">
          {results.data.map((u) => (
            <UserCard key={u._id} user={u} q={q} />
          ))}
        </ul>
      )}
    </AdminSection>
  );
}

function UserCard({ user, q }: { user: AdminUserView; q: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [banning, setBanning] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  /** After a ban or unban, focus lands on the button that undoes it (keyboard users keep their place). */
  const [focusAfter, setFocusAfter] = useState<'ban' | 'unban' | null>(null);
  const headingId = useId();

  const update = (banned: { is: boolean; reason: string | null }) => {
    queryClient.setQueryData<AdminUserView[]>(adminKeys.users(q), (old) =>
      old?.map((u) => (u._id === user._id ? { ...u, banned } : u)),
    );
  };
  const ban = useMutation({
    mutationFn: (text: string) => banUser(user._id, text),
    onSuccess: (res) => {
      update(res.user.banned);
      setBanning(false);
      setReason('');
      setFocusAfter('unban');
      showToast(t('admin.users.banned', { email: user.email }), 'success');
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  const unban = useMutation({
    mutationFn: () => unbanUser(user._id),
    onSuccess: (res) => {
      update(res.user.banned);
      setFocusAfter('ban');
      showToast(t('admin.users.unbanned', { email: user.email }), 'success');
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });

  const submitBan = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setReasonError(t('admin.users.reasonRequired'));
      return;
    }
    setReasonError(null);
    ban.mutate(text);
  };

  return (
    <li
      className={styles.card}
      aria-labelledby={headingId}
      data-testid="admin-user"
      data-user-id={user._id}
      data-banned={user.banned.is ? 'true' : 'false'}
    >
      <h2 id={headingId} className={styles.cardTitle}>
        {user.email}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('admin.users.id')}</dt>
          <dd className={styles.mono}>{user._id}</dd>
        </div>
        <div>
          <dt>{t('admin.users.name')}</dt>
          <dd>{user.name ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('admin.users.status')}</dt>
          <dd>
            {user.status} · {user.role}
            {user.deleted ? ` · ${t('admin.users.deleted')}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('admin.users.source')}</dt>
          <dd data-testid="admin-user-source">
            {[user.source, user.affiliate_platform, user.utm_source && `utm_source=${user.utm_source}`]
              .filter((v, i, all) => v && all.indexOf(v) === i)
              .join(' · ') || '—'}
          </dd>
        </div>
        <div>
          <dt>{t('admin.users.tokens')}</dt>
          <dd>{user.tokens}</dd>
        </div>
        <div>
          <dt>{t('admin.users.joined')}</dt>
          <dd>{formatDateTime(user.createdAt, i18n.language)}</dd>
        </div>
      </dl>
      {user.banned.is ? (
        <div className={styles.banState}>
          <p data-testid="admin-user-ban-state">
            <strong>{t('admin.users.isBanned')}</strong>
            {user.banned.reason ? ` — ${user.banned.reason}` : ''}
          </p>
          <Button
            variant="secondary"
            size="sm"
            loading={unban.isPending}
            onClick={() => unban.mutate()}
            autoFocus={focusAfter === 'unban'}
          >
            {t('admin.users.unban')}
          </Button>
        </div>
      ) : banning ? (
        <form className={styles.inlineForm} onSubmit={submitBan} noValidate>
          <TextField
            label={t('admin.users.reason')}
            hint={t('admin.users.reasonHint')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={reasonError}
            maxLength={500}
            autoFocus
            data-testid="admin-ban-reason"
          />
          <div className={styles.actions}>
            <Button type="submit" variant="danger" loading={ban.isPending} data-testid="admin-ban-confirm">
              {t('admin.users.confirmBan')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setBanning(false);
                setFocusAfter('ban');
              }}
            >
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <Button
          variant="danger"
          size="sm"
          onClick={() => setBanning(true)}
          autoFocus={focusAfter === 'ban'}
          data-testid="admin-ban"
        >
          {t('admin.users.ban')}
        </Button>
      )}
      <RoleForm user={user} q={q} />
    </li>
  );
}
