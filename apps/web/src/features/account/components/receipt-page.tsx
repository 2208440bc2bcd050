import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { accountKeys, fetchReceipt, formatMoney } from '../api/account-api.ts';
import styles from './account.module.css';
import '../../../lib/pages-i18n.ts';

/** `/receipts/:id`: one payment's receipt; Print uses the print stylesheet (no app chrome). */
export function ReceiptPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  useDocumentTitle(t('account.receipts.pageTitle'));
  const receipt = useQuery({
    queryKey: accountKeys.receipt(id),
    queryFn: ({ signal }) => fetchReceipt(id, signal),
  });
  if (receipt.isPending) return <Spinner />;
  if (receipt.isError)
    return (
      <p role="alert" className={styles.page}>
        {errorMessage(receipt.error, t)}
      </p>
    );
  const r = receipt.data;
  const dash = (v: string | null | undefined) => (v ? v : '—');
  return (
    <article className={styles.receipt} data-testid="receipt">
      <h1>{t('account.receipts.pageTitle')}</h1>
      <p className={styles.muted}>
        {dash(r.issuer.companyName)}
        {r.issuer.address ? ` · ${r.issuer.address}` : ''}
      </p>
      <dl>
        <dt>{t('account.receipts.number')}</dt>
        <dd data-testid="receipt-number">{r.number}</dd>
        <dt>{t('account.receipts.date')}</dt>
        <dd>{formatDateTime(r.date, i18n.language)}</dd>
        <dt>{t('account.receipts.customer')}</dt>
        <dd>{r.customerEmail}</dd>
        <dt>{t('account.receipts.item')}</dt>
        <dd>
          {t(`account.receipts.type.${r.type}`)} · {r.description} ·{' '}
          {t('account.receipts.tokens', { count: r.tokens })}
        </dd>
        <dt>{t('account.receipts.method')}</dt>
        <dd>
          {r.provider}
          {r.cardLast4 ? ` · •••• ${r.cardLast4}` : ''}
        </dd>
        <dt>{t('account.receipts.status')}</dt>
        <dd>{r.status}</dd>
        <dt>{t('paywall.registrationNumber')}</dt>
        <dd data-testid="receipt-registration">{dash(r.issuer.registrationNumber)}</dd>
        <dt>{t('paywall.billingDescriptor')}</dt>
        <dd data-testid="receipt-descriptor">{dash(r.issuer.billingDescriptor)}</dd>
        <dt>{t('account.receipts.total')}</dt>
        <dd className={styles.total} data-testid="receipt-total">
          {formatMoney(r.amount, r.currency, i18n.language)}
        </dd>
      </dl>
      <div className={`${styles.actions} ${styles.noPrint}`}>
        <Button onClick={() => window.print()} data-testid="receipt-print">
          {t('account.receipts.print')}
        </Button>
        <Link to="/profile">{t('account.toProfile')}</Link>
      </div>
    </article>
  );
}
