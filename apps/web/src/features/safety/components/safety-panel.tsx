import type { SafetyEventView } from '@amora/shared/safety.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { AdminList, AdminSection } from '../../admin/components/admin-section.tsx';
import styles from '../../admin/components/admin.module.css';
import { closeAccount, fetchSafetyEvents, restoreAccount, safetyKeys } from '../api/safety-api.ts';
import '../../../lib/console-i18n.ts';

/**
 * The console's "Safety events" (decisions 044–046): crisis statements answered with help and
 * under-18 statements that put an account on hold; the operator restores or closes held accounts.
 */
export function SafetyPanel() {
  const { t, i18n } = useTranslation();
  const events = useQuery({
    queryKey: safetyKeys.events(),
    queryFn: ({ signal }) => fetchSafetyEvents(signal),
  });
  return (
    <AdminSection id="admin-safety" title={t('safety.admin.title')}>
      <p className={styles.muted}>{t('safety.admin.hint')}</p>
      <AdminList
        title={t('safety.admin.listTitle')}
        query={events}
        empty={t('safety.admin.none')}
        testId="admin-safety-events"
        row={(e) => <EventRow key={e._id} event={e} language={i18n.language} />}
      />
    </AdminSection>
  );
}

function EventRow({ event, language }: { event: SafetyEventView; language: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (action: 'restore' | 'close') =>
      action === 'restore' ? restoreAccount(event.userId) : closeAccount(event.userId),
    onSuccess: (result) => {
      showToast(result.hold === 'none' ? t('safety.admin.restored') : t('safety.admin.closed'), 'success');
      void queryClient.invalidateQueries({ queryKey: safetyKeys.events() });
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  const age =
    event.kind === 'minor' && event.statedAge !== null
      ? t('safety.admin.ages', { stated: event.statedAge, profile: event.profileAge ?? '—' })
      : null;
  return (
    <li
      className={styles.row}
      data-testid="admin-safety-event"
      data-kind={event.kind}
      data-user={event.userId}
    >
      <span className={styles.rowMain}>
        <span data-testid="admin-safety-kind">{t(`safety.admin.kind.${event.kind}`)}</span>
        {' · '}
        <q data-testid="admin-safety-excerpt">{event.excerpt}</q>
        {age ? <span className={styles.muted}> ({age})</span> : null}
      </span>
      <span className={styles.muted}>{formatDateTime(event.createdAt, language)}</span>
      <span>
        <Link to={`/admin/users?q=${encodeURIComponent(event.userId)}`} data-testid="admin-safety-user">
          {event.userEmail ?? event.userId}
        </Link>
        {event.chatId ? (
          <span className={styles.muted}> · {t('safety.admin.chat', { id: event.chatId })}</span>
        ) : null}
      </span>
      <span>
        {event.hold === 'review' ? (
          <span className={styles.actions}>
            <Button
              size="sm"
              onClick={() => decide.mutate('restore')}
              loading={decide.isPending && decide.variables === 'restore'}
              data-testid="admin-safety-restore"
            >
              {t('safety.admin.restore')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => decide.mutate('close')}
              loading={decide.isPending && decide.variables === 'close'}
              data-testid="admin-safety-close"
            >
              {t('safety.admin.close')}
            </Button>
          </span>
        ) : (
          <span className={styles.muted} data-testid="admin-safety-hold">
            {t(`safety.admin.hold.${event.hold}`)}
          </span>
        )}
      </span>
    </li>
  );
}
