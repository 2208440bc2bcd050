import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { purchasePack, subscribePlan } from '../api/payments-api.ts';
import { usePaymentMethods } from '../hooks/use-payment-methods.ts';
import type { Offer } from '../hooks/use-offers.ts';
import { Summary, useChosenOffer } from './checkout-view.tsx';
import styles from './paywall.module.css';

/**
 * `/paywall/crypto?pack=|plan=` (SPEC §2). When the server has a crypto processor (BTCPay Server,
 * `crypto: true` in GET /api/payment/methods), "Pay with crypto" creates the payment and goes to the
 * processor's hosted invoice, which returns to /paywall/processing. Otherwise the page says plainly
 * that none is set up here and offers the card.
 */
export function CryptoView() {
  const { t } = useTranslation();
  const { offer, isPending, query } = useChosenOffer();
  const methods = usePaymentMethods();
  const pay = useMutation({
    mutationFn: (o: Offer) =>
      o.kind === 'pack' ? purchasePack(o.id, 'crypto') : subscribePlan(o.id, 'crypto'),
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
  });
  useDocumentTitle(t('paywall.cryptoTitle'));
  if (isPending || methods.isPending) return <PageSpinner label={t('common.loading')} />;
  const available = methods.data?.crypto === true;
  return (
    <div className={`${styles.page} ${styles.narrow}`} data-testid="paywall-crypto">
      <h1 className={`${styles.title} display-font`}>{t('paywall.cryptoTitle')}</h1>
      <section className={styles.panel}>
        {offer ? <Summary offer={offer} /> : null}
        <p className={styles.muted}>{t('paywall.cryptoText')}</p>
        {available ? (
          offer ? (
            <p className={styles.muted}>{t('paywall.cryptoAvailableText')}</p>
          ) : null
        ) : (
          <div role="status" className={styles.notice} data-testid="crypto-unavailable">
            <strong>{t('paywall.cryptoUnavailableTitle')}</strong>
            <span>{t('paywall.cryptoUnavailableText')}</span>
          </div>
        )}
        {pay.isError ? (
          <p role="alert" className={styles.errorText}>
            {errorMessage(pay.error, t)}
          </p>
        ) : null}
        <div className={styles.actions}>
          {available && offer ? (
            <Button
              size="lg"
              block
              loading={pay.isPending || pay.isSuccess}
              onClick={() => pay.mutate(offer)}
              data-testid="crypto-pay"
            >
              {t('paywall.payWithCrypto')}
            </Button>
          ) : null}
          {offer ? (
            <Link
              to={`/paywall/card?${query}`}
              className={buttonClass(available ? 'ghost' : 'primary', available ? 'md' : 'lg', true)}
              data-testid="crypto-pay-by-card"
            >
              {t('paywall.payByCard')}
            </Link>
          ) : null}
          <Link
            to={offer ? `/paywall/checkout?${query}` : '/paywall'}
            className={buttonClass('ghost', 'md', true)}
          >
            {t('common.back')}
          </Link>
        </div>
      </section>
    </div>
  );
}
