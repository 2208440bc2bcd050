import type { KpiResponse } from '@amora/shared/insights.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as InsightsApi from '../api/insights-api.ts';
import { renderAt } from '../../admin/components/test-utils.tsx';
import { KpiPanel, revenueRows } from './kpi-panel.tsx';

const fetchKpis = vi.fn<(r: { from: string; to: string }) => Promise<KpiResponse>>();
vi.mock('../api/insights-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof InsightsApi>()),
  fetchKpis: (r: { from: string; to: string }) => fetchKpis(r),
}));

const zero = {
  activeUsers: 0,
  payingUsers: 0,
  firstPayments: 0,
  messages: 0,
  replies: 0,
  tokensBought: 0,
  tokensGranted: 0,
  tokensSpent: 0,
  subscriptionsStarted: 0,
  subscriptionsRenewed: 0,
  subscriptionsFailed: 0,
  subscriptionsCancelled: 0,
  refunds: 0,
  chargebacks: 0,
};
const kpis: KpiResponse = {
  from: '2026-03-01',
  to: '2026-03-02',
  series: [
    { day: '2026-03-01', signups: 4, ...zero },
    { day: '2026-03-02', signups: 2, ...zero },
  ],
  revenue: [{ day: '2026-03-02', provider: 'sandbox', currency: 'usd', amount: 1999, payments: 1 }],
  reversals: [],
  tokens: [{ day: '2026-03-02', reason: 'purchase', credited: 200, debited: 0 }],
  totals: {
    ...zero,
    signups: 6,
    payingUsers: 1,
    firstPayments: 1,
    conversion: 1 / 6,
    revenue: [{ provider: 'sandbox', currency: 'usd', amount: 1999, payments: 1 }],
    reversed: [],
    arpu: [{ currency: 'usd', value: 1999 }],
    arppu: [{ currency: 'usd', value: 1999 }],
  },
  topCharacters: { byMessages: [{ botId: 'b1', name: 'Mia', messages: 12, tokens: 0 }], byRevenue: [] },
};

describe('the operator’s numbers', () => {
  beforeEach(() => {
    fetchKpis.mockReset();
    fetchKpis.mockResolvedValue(kpis);
  });

  it('shows the totals of the range from the URL and downloads the series as CSV', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      created.push(b);
      return 'blob:x';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAt('/admin/kpis?from=2026-03-01&to=2026-03-02', '/admin/kpis', <KpiPanel />);
    expect(await screen.findByTestId('kpi-dashboard')).toBeInTheDocument();
    expect(fetchKpis).toHaveBeenCalledWith({ from: '2026-03-01', to: '2026-03-02' });
    expect(within(screen.getByTestId('kpi-total-signups')).getByText('6')).toBeInTheDocument();
    expect(within(screen.getByTestId('kpi-total-conversion')).getByText('16.7%')).toBeInTheDocument();
    expect(within(screen.getByTestId('kpi-total-revenue')).getByText('$19.99')).toBeInTheDocument();
    expect(within(screen.getByTestId('kpi-top-messages')).getByText('Mia')).toBeInTheDocument();
    expect(screen.getByTestId('chart-users')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('kpi-csv'));
    expect(click).toHaveBeenCalledOnce();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(created[0]!);
    });
    expect(text.split('\r\n')[0]).toMatch(/^day,signups,/);
    expect(text).toContain('2026-03-02,2,');
  });

  it('refuses a range that ends before it starts, without asking the server', async () => {
    renderAt('/admin/kpis?from=2026-03-01&to=2026-03-02', '/admin/kpis', <KpiPanel />);
    await screen.findByTestId('kpi-dashboard');
    const from = screen.getByTestId('range-from');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-04-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByTestId('range-error')).toHaveTextContent('must not be after');
    await waitFor(() => expect(fetchKpis).toHaveBeenCalledTimes(1));
  });

  it('pivots revenue to one column per provider and currency', () => {
    const { rows, keys } = revenueRows(kpis);
    expect(keys).toEqual(['sandbox:usd']);
    expect(rows).toEqual([
      { day: '2026-03-01', 'sandbox:usd': 0 },
      { day: '2026-03-02', 'sandbox:usd': 1999 },
    ]);
  });
});
