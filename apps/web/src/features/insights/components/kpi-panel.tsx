import type { KpiResponse } from '@amora/shared/insights.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import '../../../lib/console-i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { AdminSection } from '../../admin/components/admin-section.tsx';
import adminStyles from '../../admin/components/admin.module.css';
import { fetchKpis, insightsKeys } from '../api/insights-api.ts';
import { downloadText, kpisToCsv } from '../csv.ts';
import { formatMoney } from '../money.ts';
import { LazyChart } from './lazy-chart.tsx';
import { RangePicker, rangeError, useRange } from './range-picker.tsx';
import styles from './insights.module.css';

const COLORS = ['#ff4f7b', '#f6c66f', '#52d6a6', '#7aa2ff', '#c38bff', '#ff8a65', '#4dd0e1', '#e0e0e0'];

/** Revenue per day pivoted to one column per provider:currency (for a stacked bar chart). */
export function revenueRows(k: KpiResponse): { rows: Record<string, string | number>[]; keys: string[] } {
  const keys = [...new Set(k.revenue.map((r) => `${r.provider}:${r.currency}`))].sort();
  const rows = k.series.map((d) => {
    const row: Record<string, string | number> = { day: d.day };
    for (const key of keys) row[key] = 0;
    for (const r of k.revenue)
      if (r.day === d.day)
        row[`${r.provider}:${r.currency}`] = Number(row[`${r.provider}:${r.currency}`]) + r.amount;
    return row;
  });
  return { rows, keys };
}

/** The console's "Numbers" (issue 12 item 7): daily charts and totals for the chosen range, and the CSV. */
export function KpiPanel() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useRange();
  const valid = rangeError(range) === null;
  const kpis = useQuery({
    queryKey: insightsKeys.kpis(range),
    queryFn: ({ signal }) => fetchKpis(range, signal),
    enabled: valid,
  });
  const lang = i18n.language;
  const num = (n: number) => new Intl.NumberFormat(lang).format(n);
  const money = (list: { currency: string; amount?: number; value?: number }[]) =>
    list.length === 0
      ? '—'
      : list.map((x) => formatMoney(x.amount ?? x.value ?? 0, x.currency, lang)).join(' · ');

  return (
    <AdminSection id="admin-kpis" title={t('insights.title')}>
      <RangePicker key={`${range.from}:${range.to}`} range={range} onChange={setRange} />
      {kpis.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : kpis.isError ? (
        <p role="alert" className={adminStyles.error}>
          {errorMessage(kpis.error, t)}
        </p>
      ) : (
        <KpiView k={kpis.data} num={num} money={money} />
      )}
    </AdminSection>
  );
}

function KpiView({
  k,
  num,
  money,
}: {
  k: KpiResponse;
  num: (n: number) => string;
  money: (list: { currency: string; amount?: number; value?: number }[]) => string;
}) {
  const { t, i18n } = useTranslation();
  const s = (key: string, i: number) => ({
    key,
    label: t(`insights.kpi.${key}`),
    color: COLORS[i % COLORS.length]!,
  });
  const revenue = revenueRows(k);
  const totals: [string, string][] = [
    ['signups', num(k.totals.signups)],
    ['activeUsers', num(k.totals.activeUsers)],
    ['payingUsers', num(k.totals.payingUsers)],
    ['firstPayments', num(k.totals.firstPayments)],
    [
      'conversion',
      new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(
        k.totals.conversion,
      ),
    ],
    [
      'revenue',
      money(
        k.totals.revenue.reduce<{ currency: string; amount: number }[]>((acc, r) => {
          const found = acc.find((a) => a.currency === r.currency);
          if (found) found.amount += r.amount;
          else acc.push({ currency: r.currency, amount: r.amount });
          return acc;
        }, []),
      ),
    ],
    ['arpu', money(k.totals.arpu)],
    ['arppu', money(k.totals.arppu)],
    ['messages', num(k.totals.messages)],
    ['tokensBought', num(k.totals.tokensBought)],
    ['tokensGranted', num(k.totals.tokensGranted)],
    ['tokensSpent', num(k.totals.tokensSpent)],
    ['subscriptionsStarted', num(k.totals.subscriptionsStarted)],
    ['subscriptionsRenewed', num(k.totals.subscriptionsRenewed)],
    ['subscriptionsFailed', num(k.totals.subscriptionsFailed)],
    ['subscriptionsCancelled', num(k.totals.subscriptionsCancelled)],
    ['refunds', num(k.totals.refunds)],
    ['chargebacks', num(k.totals.chargebacks)],
    ['reversed', money(k.totals.reversed)],
  ];
  const byReason = new Map<string, { credited: number; debited: number }>();
  for (const x of k.tokens) {
    const r = byReason.get(x.reason) ?? { credited: 0, debited: 0 };
    r.credited += x.credited;
    r.debited += x.debited;
    byReason.set(x.reason, r);
  }
  const series = k.series as unknown as Record<string, string | number>[];
  return (
    <div data-testid="kpi-dashboard">
      <div className={adminStyles.actions}>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          data-testid="kpi-csv"
          onClick={() => downloadText(`amora-kpis-${k.from}-${k.to}.csv`, kpisToCsv(k))}
        >
          {t('insights.csv')}
        </Button>
      </div>
      <dl className={styles.totals} data-testid="kpi-totals">
        {totals.map(([key, value]) => (
          <div key={key} className={styles.total} data-testid={`kpi-total-${key}`}>
            <dt>{t(`insights.kpi.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.charts}>
        <LazyChart
          title={t('insights.charts.users')}
          testId="chart-users"
          kind="line"
          data={series}
          series={['signups', 'activeUsers', 'payingUsers', 'firstPayments'].map(s)}
        />
        <LazyChart
          title={t('insights.charts.revenue')}
          testId="chart-revenue"
          kind="bar"
          data={revenue.rows}
          series={revenue.keys.map((key, i) => ({ key, label: key, color: COLORS[i % COLORS.length]! }))}
          format={(v) => num(v / 100)}
        />
        <LazyChart
          title={t('insights.charts.tokens')}
          testId="chart-tokens"
          kind="bar"
          data={series}
          series={['tokensBought', 'tokensGranted', 'tokensSpent'].map(s)}
        />
        <LazyChart
          title={t('insights.charts.messages')}
          testId="chart-messages"
          kind="line"
          data={series}
          series={['messages', 'replies'].map(s)}
        />
        <LazyChart
          title={t('insights.charts.subscriptions')}
          testId="chart-subscriptions"
          kind="bar"
          data={series}
          series={[
            'subscriptionsStarted',
            'subscriptionsRenewed',
            'subscriptionsFailed',
            'subscriptionsCancelled',
          ].map(s)}
        />
        <LazyChart
          title={t('insights.charts.reversals')}
          testId="chart-reversals"
          kind="bar"
          data={series}
          series={['refunds', 'chargebacks'].map(s)}
        />
      </div>
      <div className={styles.tables}>
        <table className={styles.table} data-testid="kpi-revenue-table">
          <caption>{t('insights.tables.revenue')}</caption>
          <thead>
            <tr>
              <th>{t('insights.tables.provider')}</th>
              <th>{t('insights.tables.payments')}</th>
              <th>{t('insights.kpi.revenue')}</th>
            </tr>
          </thead>
          <tbody>
            {k.totals.revenue.map((r) => (
              <tr key={`${r.provider}:${r.currency}`}>
                <td>{r.provider}</td>
                <td>{num(r.payments)}</td>
                <td>{money([r])}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className={styles.table} data-testid="kpi-tokens-table">
          <caption>{t('insights.tables.tokens')}</caption>
          <thead>
            <tr>
              <th>{t('insights.tables.reason')}</th>
              <th>{t('insights.tables.credited')}</th>
              <th>{t('insights.tables.debited')}</th>
            </tr>
          </thead>
          <tbody>
            {[...byReason.entries()].sort().map(([reason, r]) => (
              <tr key={reason}>
                <td>{reason}</td>
                <td>{num(r.credited)}</td>
                <td>{num(r.debited)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className={styles.table} data-testid="kpi-top-messages">
          <caption>{t('insights.tables.topMessages')}</caption>
          <thead>
            <tr>
              <th>{t('insights.tables.character')}</th>
              <th>{t('insights.kpi.messages')}</th>
            </tr>
          </thead>
          <tbody>
            {k.topCharacters.byMessages.map((c) => (
              <tr key={c.botId}>
                <td>{c.name}</td>
                <td>{num(c.messages)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className={styles.table} data-testid="kpi-top-revenue">
          <caption>{t('insights.tables.topRevenue')}</caption>
          <thead>
            <tr>
              <th>{t('insights.tables.character')}</th>
              <th>{t('insights.tables.tokensSpent')}</th>
            </tr>
          </thead>
          <tbody>
            {k.topCharacters.byRevenue.map((c) => (
              <tr key={c.botId}>
                <td>{c.name}</td>
                <td>{num(c.tokens)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
