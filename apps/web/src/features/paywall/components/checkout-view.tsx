import { formatPrice } from '@amora/shared/payments.ts';
import { formatTokens } from '@amora/shared/rules.ts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { purchasePack, subscribePlan } from '../api/payments-api.ts';
import { useOffers, type Offer } from '../hooks/use-offers.ts';
import { PeriodText } from './period-text.tsx';
import styles from './paywall.module.css';

/** The offer named by `?pack=` or `?plan=`, and the query string that names it. */
function useChosenOffer(): { offer: Offer | null; isPending: boolean; query: string } {
  const [params] = useSearchParams();
  const packId = params.get('pack');
  const planId = params.get('plan');
  const { packs, plans, welcome, isPending } = useOffers();
  const offer = packId
    ? (packs.find((o) => o.id === packId) ?? (welcome?.id === packId ? welcome : null))
    : planId
      ? (plans.find((o) => o.id === planId) ?? null)
      : null;
  const query = packId ? `pack=${encodeURIComponent(packId)}` : `plan=${encodeURIComponent(planId ?? '')}`;
  return { offer, isPending, query };
}

function Summary({ offer }: { offer: Offer }) {
  const { t, i18n } = useTranslation();
  const { summary } = offer;
  const money = (n: number) => formatPrice(n, summary.price.currency, i18n.language);
  return (
    <dl className={styles.summary} data-testid="checkout-summary">
      <dt>{t('paywall.totalTokens')}</dt>
      <dd data-testid="checkout-total-tokens">{formatTokens(summary.totalTokens)}</dd>
      <dt>{t('paywall.extraTokens')}</dt>
      <dd>{formatTokens(summary.extraTokens)}</dd>
      <dt>{t('paywall.period')}</dt>
      <dd data-testid="checkout-period">
        <PeriodText period={summary.period} />
      </dd>
      {offer.kind === 'plan' && offer.discount > 0 ? (
        <>
          <dt>{t('paywall.discount')}</dt>
          <dd>{t('paywall.firstDiscount', { percent: offer.discount })}</dd>
        </>
      ) : null}
      <dt>{t('paywall.profit')}</dt>
      <dd>
        {summary.profit > 0
          ? `${money(summary.profit)} (${summary.profitPercent} %)`
          : `${summary.profitPercent} %`}
      </dd>
      <dt className={styles.total}>{t('paywall.totalPrice')}</dt>
      <dd className={styles.total} data-testid="checkout-price">
        {money(summary.price.price)}
      </dd>
    </dl>
  );
}

/** `/paywall/checkout?pack=|plan=`: what the buyer gets and pays, then the payment method. */
export function CheckoutView() {
  const { t } = useTranslation();
  const { offer, isPending, query } = useChosenOffer();
  useDocumentTitle(t('paywall.checkoutTitle'));
  if (isPending) return <PageSpinner label={t('common.loading')} />;
  if (!offer) return <Navigate to="/paywall" replace />;
  return (
    <div className={`${styles.page} ${styles.narrow}`} data-testid="paywall-checkout">
      <h1 className={`${styles.title} display-font`}>{t('paywall.checkoutTitle')}</h1>
      <section className={styles.panel}>
        <Summary offer={offer} />
        {offer.kind === 'plan' ? (
          <p className={styles.muted}>
            {offer.plan.is_trial ? t('paywall.trialRenews') : t('paywall.renewsNote')}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Link
            to={`/paywall/card?${query}`}
            className={buttonClass('primary', 'lg', true)}
            data-testid="pay-by-card"
          >
            {t('paywall.payByCard')}
          </Link>
          <Link to="/paywall" className={buttonClass('ghost', 'md', true)}>
            {t('common.back')}
          </Link>
        </div>
      </section>
    </div>
  );
}

/** `/paywall/card?pack=|plan=`: creates the payment and hands over to the processor's secure card page. */
export function CardView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { offer, isPending, query } = useChosenOffer();
  const pay = useMutation({
    mutationFn: (o: Offer) => (o.kind === 'pack' ? purchasePack(o.id) : subscribePlan(o.id)),
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
  });
  useDocumentTitle(t('paywall.cardTitle'));
  if (isPending) return <PageSpinner label={t('common.loading')} />;
  if (!offer) return <Navigate to="/paywall" replace />;
  return (
    <div className={`${styles.page} ${styles.narrow}`} data-testid="paywall-card">
      <h1 className={`${styles.title} display-font`}>{t('paywall.cardTitle')}</h1>
      <section className={styles.panel}>
        <Summary offer={offer} />
        <p className={styles.muted}>{t('paywall.cardText')}</p>
        {pay.isError ? (
          <p role="alert" className={styles.errorText}>
            {errorMessage(pay.error, t)}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button
            size="lg"
            block
            loading={pay.isPending || pay.isSuccess}
            onClick={() => pay.mutate(offer)}
            data-testid="continue-to-payment"
          >
            {t('paywall.continueToPayment')}
          </Button>
          <Button variant="ghost" block onClick={() => void navigate(`/paywall/checkout?${query}`)}>
            {t('common.back')}
          </Button>
        </div>
      </section>
    </div>
  );
}
