import { formatPrice } from '@amora/shared/payments.ts';
import { priceWithPromo, type PendingDiscountResponse } from '@amora/shared/promo.ts';
import { formatTokens } from '@amora/shared/rules.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useIsSignedIn } from '../../auth/store.ts';
import { fetchPendingDiscount, promoKeys } from '../../promo/api/promo-api.ts';
import { telegramWebApp } from '../../telegram/telegram.ts';
import { purchasePack, subscribePlan } from '../api/payments-api.ts';
import { usePaysWithStars } from '../hooks/use-payment-methods.ts';
import { useOffers, type Offer } from '../hooks/use-offers.ts';
import { PeriodText } from './period-text.tsx';
import { LeaveOfferDialog } from '../../conversion/components/leave-offer-dialog.tsx';
import { useConversionOffers } from '../../conversion/hooks/use-conversion-offers.ts';
import styles from './paywall.module.css';

/** The offer named by `?pack=` or `?plan=`, and the query string that names it. */
export function useChosenOffer(): { offer: Offer | null; isPending: boolean; query: string } {
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

/** The promo-code discount waiting for this checkout (the server takes it when the payment is created). */
function usePendingDiscount(): PendingDiscountResponse['discount'] {
  const signedIn = useIsSignedIn();
  const discount = useQuery({
    queryKey: promoKeys.discount,
    queryFn: ({ signal }) => fetchPendingDiscount(signal),
    enabled: signedIn,
  });
  return discount.data?.discount ?? null;
}

export function Summary({ offer }: { offer: Offer }) {
  const { t, i18n } = useTranslation();
  const { summary } = offer;
  const promoCode = usePendingDiscount();
  // The server takes one discount per checkout: a leave-offer grant first, else a promo code.
  const leave = useConversionOffers().leaveDiscount;
  const promo = leave ? null : promoCode;
  const money = (n: number) => formatPrice(n, summary.price.currency, i18n.language);
  const listed = summary.price.price;
  const percent = leave?.percent ?? promo?.percent ?? 0;
  const total = percent > 0 ? priceWithPromo(listed, percent, summary.price.currency) : listed;
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
      {promo && total < listed ? (
        <>
          <dt>{t('paywall.promoDiscount', { code: promo.code })}</dt>
          <dd data-testid="checkout-promo">
            {t('paywall.promoDiscountValue', { percent: promo.percent, amount: money(listed - total) })}
          </dd>
        </>
      ) : null}
      {leave && total < listed ? (
        <>
          <dt>{t('conversion.leave.title')}</dt>
          <dd data-testid="checkout-leave-discount">
            {t('paywall.promoDiscountValue', { percent: leave.percent, amount: money(listed - total) })}
          </dd>
        </>
      ) : null}
      <dt className={styles.total}>{t('paywall.totalPrice')}</dt>
      <dd className={styles.total} data-testid="checkout-price">
        {total < listed ? (
          <>
            <s className={styles.oldPrice}>{money(listed)}</s> {money(total)}
          </>
        ) : (
          money(total)
        )}
      </dd>
    </dl>
  );
}

/** `/paywall/checkout?pack=|plan=`: what the buyer gets and pays, then the payment method. */
export function CheckoutView() {
  const { t } = useTranslation();
  const { offer, isPending, query } = useChosenOffer();
  const stars = usePaysWithStars();
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
            {stars ? t('paywall.payWithStars') : t('paywall.payByCard')}
          </Link>
          <Link
            to={`/paywall/crypto?${query}`}
            className={buttonClass('secondary', 'md', true)}
            data-testid="pay-with-crypto"
          >
            {t('paywall.payWithCrypto')}
          </Link>
          <Link to="/paywall" className={buttonClass('ghost', 'md', true)}>
            {t('common.back')}
          </Link>
        </div>
      </section>
      <LeaveOfferDialog />
    </div>
  );
}

/** `/paywall/card?pack=|plan=`: creates the payment and hands over to the processor's secure card page. */
export function CardView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { offer, isPending, query } = useChosenOffer();
  const stars = usePaysWithStars();
  const pay = useMutation({
    mutationFn: (o: Offer) => {
      const provider = stars ? ('telegram' as const) : undefined;
      return o.kind === 'pack' ? purchasePack(o.id, provider) : subscribePlan(o.id, provider);
    },
    onSuccess: ({ checkoutUrl, paymentId }) => {
      const app = stars ? telegramWebApp() : null;
      if (!app?.openInvoice) {
        window.location.assign(checkoutUrl);
        return;
      }
      // Telegram shows its own Stars sheet; the tokens arrive with its successful_payment update.
      app.openInvoice(checkoutUrl, (status) => {
        const q = `?paymentId=${encodeURIComponent(paymentId)}`;
        if (status === 'paid' || status === 'pending') void navigate(`/paywall/processing${q}`);
        else if (status === 'failed') void navigate(`/paywall/declined${q}`);
        else pay.reset();
      });
    },
  });
  useDocumentTitle(stars ? t('paywall.starsTitle') : t('paywall.cardTitle'));
  if (isPending) return <PageSpinner label={t('common.loading')} />;
  if (!offer) return <Navigate to="/paywall" replace />;
  return (
    <div className={`${styles.page} ${styles.narrow}`} data-testid="paywall-card">
      <h1 className={`${styles.title} display-font`}>
        {stars ? t('paywall.starsTitle') : t('paywall.cardTitle')}
      </h1>
      <section className={styles.panel}>
        <Summary offer={offer} />
        <p className={styles.muted}>{stars ? t('paywall.starsText') : t('paywall.cardText')}</p>
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
      <LeaveOfferDialog />
    </div>
  );
}
