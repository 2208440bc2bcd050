import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAuthStore } from '../../auth/store.ts';
import {
  cancelSubscription,
  deleteCard,
  fetchMe,
  retryRenewal,
  subscriptionKeys,
} from '../api/payments-api.ts';
import { useLastSubscription } from '../hooks/use-subscription.ts';
import styles from './paywall.module.css';

const date = (iso: string | null, language: string) =>
  iso
    ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso))
    : '—';

/** The user's view of their subscription (SPEC §3): status, dates, plan, registration number, descriptor. */
export function SubscriptionStatus() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const last = useLastSubscription();
  const [confirming, setConfirming] = useState(false);
  const [removingCard, setRemovingCard] = useState(false);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: subscriptionKeys.last });
    const { user } = await fetchMe();
    useAuthStore.getState().setUser(user);
  };
  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: async () => {
      setConfirming(false);
      showToast(t('paywall.cancelled'), 'success');
      await refresh();
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  const removeCard = useMutation({
    mutationFn: deleteCard,
    onSuccess: async () => {
      setRemovingCard(false);
      showToast(t('paywall.cardRemoved'), 'success');
      await refresh();
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  const retry = useMutation({
    mutationFn: retryRenewal,
    onSuccess: () => {
      showToast(t('paywall.retrySent'), 'info');
      setTimeout(() => void refresh(), 3000);
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });

  if (last.isPending || last.isError) return null;
  const sub = last.data;
  const status = sub?.status ?? 'free';

  return (
    <section
      className={styles.panel}
      aria-labelledby="subscription-title"
      data-testid="subscription-status"
      data-status={status}
    >
      <h2 id="subscription-title" className={styles.sectionTitle}>
        {t('paywall.subscriptionTitle')}
      </h2>
      <p>
        <strong data-testid="subscription-status-label">{t(`paywall.status.${status}`)}</strong>
        {sub ? ` · ${t(`paywall.plans.${sub.planType}`)}` : null}
      </p>
      {sub && status !== 'inactive' ? (
        <dl className={styles.details}>
          <dt>{t('paywall.expiryDate')}</dt>
          <dd>{date(sub.expiryDate, i18n.language)}</dd>
          <dt>{t('paywall.renewDate')}</dt>
          <dd>{sub.renewDate ? date(sub.renewDate, i18n.language) : t('paywall.noRenewal')}</dd>
          {sub.cardLast4 ? (
            <>
              <dt>{t('paywall.card')}</dt>
              <dd data-testid="saved-card">
                •••• {sub.cardLast4}{' '}
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => setRemovingCard(true)}
                  data-testid="remove-card"
                >
                  {t('paywall.removeCard')}
                </button>
              </dd>
            </>
          ) : null}
          <dt>{t('paywall.registrationNumber')}</dt>
          <dd>{sub.registrationNumber ?? '—'}</dd>
          <dt>{t('paywall.billingDescriptor')}</dt>
          <dd>{sub.billingDescriptor ?? '—'}</dd>
        </dl>
      ) : null}
      <div className={styles.actions}>
        {sub?.renewalFailed ? (
          <Button loading={retry.isPending} onClick={() => retry.mutate()} data-testid="retry-renewal">
            {t('paywall.retryCharge')}
          </Button>
        ) : null}
        {sub?.status === 'active' ? (
          <Button variant="ghost" onClick={() => setConfirming(true)} data-testid="cancel-subscription">
            {t('paywall.cancelSubscription')}
          </Button>
        ) : (
          <Link to="/paywall" className={buttonClass('primary', 'md', true)} data-testid="subscribe">
            {t('paywall.subscribe')}
          </Link>
        )}
      </div>
      <Dialog
        open={removingCard}
        onClose={() => setRemovingCard(false)}
        title={t('paywall.removeCardTitle')}
        description={t('paywall.removeCardText')}
        testId="remove-card-dialog"
      >
        <div className={styles.actions}>
          <Button variant="danger" block loading={removeCard.isPending} onClick={() => removeCard.mutate()}>
            {t('paywall.removeCard')}
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('paywall.cancelConfirmTitle')}
        description={t('paywall.cancelConfirmText', { date: date(sub?.expiryDate ?? null, i18n.language) })}
        testId="cancel-dialog"
      >
        <div className={styles.actions}>
          <Button variant="danger" block loading={cancel.isPending} onClick={() => cancel.mutate()}>
            {t('paywall.cancelSubscription')}
          </Button>
          <Button variant="ghost" block onClick={() => setConfirming(false)}>
            {t('paywall.keepSubscription')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
