import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePaymentMethods } from '../hooks/use-payment-methods.ts';
import { Summary, useChosenOffer } from './checkout-view.tsx';
import styles from './paywall.module.css';

/**
 * `/paywall/crypto?pack=|plan=` (SPEC §2). No crypto processor is built in; the page says so plainly
 * unless the server reports one (GET /api/payment/methods), and offers the card instead.
 */
export function CryptoView() {
  const { t } = useTranslation();
  const { offer, isPending, query } = useChosenOffer();
  const methods = usePaymentMethods();
  useDocumentTitle(t('paywall.cryptoTitle'));
  if (isPending || methods.isPending) return <PageSpinner label={t('common.loading')} />;
  const available = methods.data?.crypto === true;
  return (
    <div className={`${styles.page} ${styles.narrow}`} data-testid="paywall-crypto">
      <h1 className={`${styles.title} display-font`}>{t('paywall.cryptoTitle')}</h1>
      <section className={styles.panel}>
        {offer ? <Summary offer={offer} /> : null}
        <p className={styles.muted}>{t('paywall.cryptoText')}</p>
        {available ? null : (
          <div role="status" className={styles.notice} data-testid="crypto-unavailable">
            <strong>{t('paywall.cryptoUnavailableTitle')}</strong>
            <span>{t('paywall.cryptoUnavailableText')}</span>
          </div>
        )}
        <div className={styles.actions}>
          {offer ? (
            <Link
              to={`/paywall/card?${query}`}
              className={buttonClass('primary', 'lg', true)}
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
