import type { Settings, SubscriptionPlan, TokenPack } from '@amora/shared/settings.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type * as OffersApi from '../api/offers-api.ts';
import { OffersPanel } from './offers-panel.tsx';
import { renderAt } from './test-utils.tsx';

const api = {
  fetchAdminSettings: vi.fn<() => Promise<Settings>>(),
  saveOffers: vi.fn<(section: string, value: unknown[]) => Promise<Settings>>(),
};
vi.mock('../api/offers-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof OffersApi>()),
  fetchAdminSettings: () => api.fetchAdminSettings(),
  saveOffers: (section: string, value: unknown[]) => api.saveOffers(section, value),
}));

const prices = {
  price_t_1: 9.99,
  price_t_2: 7.99,
  price_t_3: 4.99,
  old_price_t_1: 10.99,
  old_price_t_2: 8.79,
  old_price_t_3: null,
  price_admin: 1,
  price_tg: 500,
  old_price_tg: null,
};
const packS: TokenPack = { uuid: 'pack-s', size: 's', currency: 'USD', tokens: 200, sale: 0, ...prices };
const packM: TokenPack = { uuid: 'pack-m', size: 'm', currency: 'USD', tokens: 550, sale: 10, ...prices };
const monthly: SubscriptionPlan = {
  uuid: 'plan-monthly',
  for: 'monthly',
  currency: 'USD',
  tokens: 1099,
  month: 1,
  days: 30,
  is_trial: false,
  sale: 0,
  text: 'Monthly',
  unicornId: null,
  ...prices,
};
const settings = { purchase: [packS, packM], subscription: [monthly] } as unknown as Settings;

beforeEach(() => {
  api.fetchAdminSettings.mockReset().mockResolvedValue(settings);
  api.saveOffers.mockReset();
  useToastStore.setState({ toasts: [] });
});

describe('OffersPanel', () => {
  it("saves pack M's tier-2 price and an emptied old price, leaving every other field as loaded", async () => {
    const user = userEvent.setup();
    api.saveOffers.mockImplementation((_s, value) =>
      Promise.resolve({ ...settings, purchase: value as TokenPack[] }),
    );
    renderAt('/admin/offers', '/admin/offers', <OffersPanel />);

    const m = await screen.findByTestId('offer-pack-m');
    expect(within(m).getByRole('heading', { name: /Pack M/ })).toBeInTheDocument();
    const tier2 = within(m).getByLabelText('Price, tier 2');
    expect(tier2).toHaveValue('7.99');
    await user.clear(tier2);
    await user.type(tier2, '6,5');
    await user.clear(within(m).getByLabelText('Old price, tier 2'));
    await user.click(screen.getByRole('button', { name: 'Save packs' }));

    await waitFor(() => expect(api.saveOffers).toHaveBeenCalledTimes(1));
    expect(api.saveOffers).toHaveBeenCalledWith('purchase', [
      packS,
      { ...packM, price_t_2: 6.5, old_price_t_2: null },
    ]);
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Token packs saved.'),
    );
    expect(within(screen.getByTestId('offer-pack-m')).getByLabelText('Price, tier 2')).toHaveValue('6.5');
  });

  it("shows the server's refusal beside the form and on the field it names, keeping what was typed", async () => {
    const user = userEvent.setup();
    api.saveOffers.mockRejectedValue(
      new ApiError(400, 'VALIDATION_ERROR', 'body.1.price_t_3: A price has at most 2 decimals'),
    );
    renderAt('/admin/offers', '/admin/offers', <OffersPanel />);
    const m = await screen.findByTestId('offer-pack-m');
    const tier3 = within(m).getByLabelText('Price, tier 3');
    await user.clear(tier3);
    await user.type(tier3, '4.999');
    await user.click(screen.getByRole('button', { name: 'Save packs' }));

    expect(await screen.findByTestId('offers-error-purchase')).toHaveTextContent(
      'body.1.price_t_3: A price has at most 2 decimals',
    );
    expect(tier3).toHaveAttribute('aria-invalid', 'true');
    expect(tier3).toHaveAccessibleDescription('A price has at most 2 decimals');
    expect(tier3).toHaveValue('4.999');
    expect(within(screen.getByTestId('offer-pack-s')).getByLabelText('Price, tier 3')).not.toHaveAttribute(
      'aria-invalid',
    );
  });

  it('saves plans on their own, and shows a refusal that names no field', async () => {
    const user = userEvent.setup();
    api.saveOffers.mockRejectedValue(
      new ApiError(409, 'CONFLICT', 'The plan "plan-quarterly" is used by 1 live subscription(s)'),
    );
    renderAt('/admin/offers', '/admin/offers', <OffersPanel />);
    const plan = await screen.findByTestId('offer-plan-monthly');
    await user.clear(within(plan).getByLabelText('Name'));
    await user.type(within(plan).getByLabelText('Name'), 'Month');
    await user.type(within(plan).getByLabelText('Tokens'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save plans' }));
    expect(await screen.findByTestId('offers-error-subscription')).toHaveTextContent('used by 1 live');
    // what is not a number goes as typed, so the server names the field
    expect(api.saveOffers).toHaveBeenCalledWith('subscription', [
      { ...monthly, text: 'Month', tokens: '1099x' },
    ]);
    expect(screen.queryByTestId('offers-error-purchase')).toBeNull();
  });
});
