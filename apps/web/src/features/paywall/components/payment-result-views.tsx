import { MYSTERY_BOX_OFFER_ID } from '@amora/shared/conversion.ts';
import { isFailedPaymentStatus } from '@amora/shared/payments.ts';
import { formatTokens } from '@amora/shared/rules.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuthStore } from '../../auth/store.ts';
import { walletKeys } from '../../wallet/api/wallet-api.ts';
import { fetchMe, subscriptionKeys } from '../api/payments-api.ts';
import { useLastSubscription } from '../hooks/use-subscription.ts';
import { usePaymentStatus } from '../hooks/use-payment-status.ts';
import { paymentMessage } from '../payment-message.ts';
import { safeNextPath } from '../safe-next.ts';
import { MysteryBoxReveal } from '../../conversion/components/mystery-box.tsx';
import styles from './paywall.module.css';

const usePaymentId = () => useSearchParams()[0].get('paymentId');

/** `/paywall/confirm`: the bank wants the buyer to confirm (3-D Secure); the processor hosts the step. */
export function ConfirmView() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId');
  const next = safeNextPath(params.get('next'));
  useDocumentTitle(t('paywall.confirmTitle'));
  if (!paymentId) return <Navigate to="/paywall" replace />;
  return (
    <div className={`${styles.page} ${styles.narrow}`} data-testid="paywall-confirm">
      <section className={`${styles.panel} ${styles.result}`}>
        <span className={`${styles.resultIcon} ${styles.ok}`} aria-hidden="true">
          🔒
        </span>
        <h1 className={`${styles.title} display-font`}>{t('paywall.confirmTitle')}</h1>
        <p className={styles.muted}>{t('paywall.confirmText')}</p>
        <div className={styles.actions} style={{ width: '100%' }}>
          {next ? (
            <Button
              size="lg"
              block
              onClick={() => window.location.assign(next)}
              data-testid="confirm-payment"
            >
              {t('paywall.confirmButton')}
            </Button>
          ) : null}
          <Link
            to={`/paywall/processing?paymentId=${encodeURIComponent(paymentId)}`}
            className={buttonClass('ghost', 'md', true)}
          >
            {t('paywall.checkStatus')}
          </Link>
        </div>
      </section>
    </div>
  );
}

/** `/paywall/processing`: waits for the processor's webhook, then success or declined. */
export function ProcessingView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paymentId = usePaymentId();
  const status = usePaymentStatus(paymentId);
  useDocumentTitle(t('paywall.processingTitle'));
  const s = status.data?.status;
  useEffect(() => {
    if (!paymentId || !s) return;
    const q = `?paymentId=${encodeURIComponent(paymentId)}`;
    if (s === 'success') void navigate(`/paywall/success${q}`, { replace: true });
    else if (isFailedPaymentStatus(s)) void navigate(`/paywall/declined${q}`, { replace: true });
  }, [s, paymentId, navigate]);
  if (!paymentId || status.isError) return <Navigate to="/paywall" replace />;
  return (
    <div className={`${styles.page} ${styles.narrow}`} data-testid="paywall-processing">
      <section className={`${styles.panel} ${styles.result}`}>
        <Spinner size={48} />
        <h1 className={`${styles.title} display-font`}>{t('paywall.processingTitle')}</h1>
        <p className={styles.muted}>
          {s === 'chargeback' || s === 'refunded' ? t('paywall.reversedText') : t('paywall.processingText')}
        </p>
      </section>
    </div>
  );
}

/** `/paywall/success`: the tokens have arrived. */
export function SuccessView() {
  const { t } = useTranslation();
  const paymentId = usePaymentId();
  const status = usePaymentStatus(paymentId);
  const queryClient = useQueryClient();
  const balance = useAuthStore((s) => s.user?.tokens ?? 0);
  const subscription = useLastSubscription();
  useDocumentTitle(t('paywall.successTitle'));
  useEffect(() => {
    // Paid now: fresh user (status, balance) and wallet.
    void fetchMe()
      .then(({ user }) => useAuthStore.getState().setUser(user))
      .catch(() => undefined);
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.last });
  }, [queryClient]);
  if (!paymentId) return <Navigate to="/paywall" replace />;
  const tokens = status.data?.tokens;
  return (
    <div className={`${styles.page} ${styles.narrow}`} data-testid="paywall-success">
      <section className={`${styles.panel} ${styles.result}`}>
        <span className={`${styles.resultIcon} ${styles.ok}`} aria-hidden="true">
          ✓
        </span>
        <h1 className={`${styles.title} display-font`}>{t('paywall.successTitle')}</h1>
        {status.data?.offerId === MYSTERY_BOX_OFFER_ID ? (
          <MysteryBoxReveal paymentId={paymentId} />
        ) : tokens !== undefined ? (
          <p data-testid="success-tokens">{t('paywall.successText', { tokens: formatTokens(tokens) })}</p>
        ) : null}
        <p className={styles.muted}>{t('paywall.balanceNow', { tokens: formatTokens(balance) })}</p>
        {status.data?.type === 'subscription' && subscription.data ? (
          <dl className={styles.details} data-testid="subscription-receipt">
            <dt>{t('paywall.registrationNumber')}</dt>
            <dd data-testid="registration-number">{subscription.data.registrationNumber}</dd>
            <dt>{t('paywall.billingDescriptor')}</dt>
            <dd data-testid="billing-descriptor">{subscription.data.billingDescriptor}</dd>
          </dl>
        ) : null}
        <div className={styles.actions} style={{ width: '100%' }}>
          <Link to="/" className={buttonClass('primary', 'lg', true)}>
            {t('paywall.startChatting')}
          </Link>
          <Link to="/wallet" className={buttonClass('ghost', 'md', true)}>
            {t('paywall.openWallet')}
          </Link>
        </div>
      </section>
    </div>
  );
}

/** `/paywall/declined`: SPEC §8 'Transaction Declined' with Try again. */
export function DeclinedView() {
  const { t } = useTranslation();
  const paymentId = usePaymentId();
  const status = usePaymentStatus(paymentId);
  useDocumentTitle(t('paywall.declinedTitle'));
  const data = status.data;
  const retry = data
    ? `/paywall/checkout?${data.type === 'purchase' ? 'pack' : 'plan'}=${encodeURIComponent(data.offerId)}`
    : '/paywall';
  return (
    <div className={`${styles.page} ${styles.narrow}`} data-testid="paywall-declined">
      <section className={`${styles.panel} ${styles.result}`}>
        <span className={`${styles.resultIcon} ${styles.bad}`} aria-hidden="true">
          ✕
        </span>
        <h1 className={`${styles.title} display-font`}>{t('paywall.declinedTitle')}</h1>
        <p className={styles.muted}>{t('paywall.declinedText')}</p>
        {status.data?.message ? (
          <p className={styles.muted}>{paymentMessage(status.data.message, t)}</p>
        ) : null}
        <div className={styles.actions} style={{ width: '100%' }}>
          <Link to={retry} className={buttonClass('primary', 'lg', true)} data-testid="try-again">
            {t('paywall.tryAgain')}
          </Link>
        </div>
      </section>
    </div>
  );
}
