import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import '../../../lib/console-i18n.ts';
import { Navigate } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuthStore } from '../../auth/store.ts';
import { fetchPartnerStats, insightsKeys } from '../api/insights-api.ts';
import { formatMoney } from '../money.ts';
import { LazyChart } from './lazy-chart.tsx';
import { RangePicker, rangeError, useRange } from './range-picker.tsx';
import styles from './insights.module.css';

/** `/partner`: a partner's own traffic (sign-ups, first payments, revenue of its source). */
export function PartnerPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('insights.partner.title'));
  const role = useAuthStore((s) => s.user?.role ?? null);
  const [range, setRange] = useRange();
  const stats = useQuery({
    queryKey: insightsKeys.partner(range),
    queryFn: ({ signal }) => fetchPartnerStats(range, signal),
    enabled: role === 'partner' && rangeError(range) === null,
  });
  if (role !== null && role !== 'partner') return <Navigate to="/no-access" replace />;
  const num = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <div className={styles.page} data-testid="partner-page">
      <h1 className="display-font">{t('insights.partner.title')}</h1>
      <RangePicker key={`${range.from}:${range.to}`} range={range} onChange={setRange} />
      {stats.isPending ? (
        <PageSpinner label={t('common.loading')} />
      ) : stats.isError ? (
        <p role="alert">{errorMessage(stats.error, t)}</p>
      ) : (
        <>
          <p>{t('insights.partner.source', { source: stats.data.source })}</p>
          <dl className={styles.totals} data-testid="partner-totals">
            <div className={styles.total}>
              <dt>{t('insights.kpi.signups')}</dt>
              <dd data-testid="partner-signups">{num(stats.data.totals.signups)}</dd>
            </div>
            <div className={styles.total}>
              <dt>{t('insights.kpi.firstPayments')}</dt>
              <dd>{num(stats.data.totals.firstPayments)}</dd>
            </div>
            <div className={styles.total}>
              <dt>{t('insights.tables.payments')}</dt>
              <dd>{num(stats.data.totals.payments)}</dd>
            </div>
            <div className={styles.total}>
              <dt>{t('insights.kpi.revenue')}</dt>
              <dd>
                {stats.data.totals.revenue.length === 0
                  ? '—'
                  : stats.data.totals.revenue
                      .map((r) => formatMoney(r.amount, r.currency, i18n.language))
                      .join(' · ')}
              </dd>
            </div>
          </dl>
          <LazyChart
            title={t('insights.charts.users')}
            testId="chart-partner"
            kind="bar"
            data={stats.data.series}
            series={[
              { key: 'signups', label: t('insights.kpi.signups'), color: '#ff4f7b' },
              { key: 'firstPayments', label: t('insights.kpi.firstPayments'), color: '#52d6a6' },
            ]}
          />
        </>
      )}
    </div>
  );
}
