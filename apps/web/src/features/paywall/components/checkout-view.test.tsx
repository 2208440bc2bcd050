import type { PaymentMethodsResponse } from '@amora/shared/payments.ts';
import {
  DEFAULT_BILLING_SETTINGS,
  DEFAULT_COMPANION_SETTINGS,
  DEFAULT_GIFTS,
  DEFAULT_TOKEN_COSTS,
  type Settings,
  type TokenPack,
} from '@amora/shared/settings.ts';
import type { User } from '@amora/shared/user.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUiLanguage } from '../../../lib/i18n.ts';
import { useAuthStore } from '../../auth/store.ts';
import { promoKeys } from '../../promo/api/promo-api.ts';
import { settingsKeys } from '../../settings/api/settings-api.ts';
import type * as PaymentsApi from '../api/payments-api.ts';
import { paymentKeys, subscriptionKeys } from '../api/payments-api.ts';
import { PackCard } from './pack-card.tsx';
import { PaywallPage } from './paywall-page.tsx';

const purchasePack = vi.fn<typeof PaymentsApi.purchasePack>();
vi.mock('../api/payments-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof PaymentsApi>()),
  purchasePack: (...args: Parameters<typeof PaymentsApi.purchasePack>) => purchasePack(...args),
}));

const pack: TokenPack = {
  uuid: 'pack-s',
  size: 's',
  currency: 'USD',
  tokens: 200,
  sale: 0,
  price_t_1: 4.99,
  price_t_2: 3.99,
  price_t_3: 2.99,
  old_price_t_1: null,
  old_price_t_2: 4.99,
  old_price_t_3: null,
  price_admin: 0.5,
  price_tg: 250,
  old_price_tg: null,
};
const settings: Settings = {
  purchase: [pack],
  subscription: [],
  tokens: DEFAULT_TOKEN_COSTS,
  gifts: DEFAULT_GIFTS,
  billing: DEFAULT_BILLING_SETTINGS,
  companion: DEFAULT_COMPANION_SETTINGS,
};
const methods = (over: Partial<PaymentMethodsResponse> = {}): PaymentMethodsResponse => ({
  providers: ['sandbox'],
  defaultProvider: 'sandbox',
  stars: false,
  crypto: false,
  ...over,
});

function renderAt(
  path: string,
  opts: { discount?: { code: string; percent: number } | null; methods?: PaymentMethodsResponse } = {},
) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(settingsKeys.all, settings);
  qc.setQueryData(subscriptionKeys.last, null);
  qc.setQueryData(promoKeys.discount, { discount: opts.discount ?? null });
  qc.setQueryData(paymentKeys.methods, opts.methods ?? methods());
  const router = createMemoryRouter(
    [
      { path: '/paywall', element: <PaywallPage /> },
      { path: '/paywall/:step', element: <PaywallPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  useAuthStore.setState({
    user: { _id: 'u1', role: 'user', status: 'Paid', tokens: 40, geo: { tier: 2 } } as unknown as User,
    accessToken: 't',
    status: 'ready',
  });
});
afterEach(() => {
  delete window.Telegram;
  purchasePack.mockReset();
});

describe('the checkout summary', () => {
  it('shows the pending promo-code discount as its own line and takes it off the total', async () => {
    renderAt('/paywall/checkout?pack=pack-s', { discount: { code: 'SAVE20', percent: 20 } });
    const summary = await screen.findByTestId('checkout-summary');
    expect(summary).toHaveTextContent('Promo code SAVE20');
    expect(screen.getByTestId('checkout-promo')).toHaveTextContent('−20 % (−$0.80)');
    // $3.99 − 20 % = $3.19, the amount the server charges; the listed price is struck through.
    expect(screen.getByTestId('checkout-price')).toHaveTextContent('$3.99 $3.19');
    expect(screen.getByTestId('checkout-price').querySelector('s')).toHaveTextContent('$3.99');
  });

  it('has no promo line without a pending discount', async () => {
    renderAt('/paywall/checkout?pack=pack-s');
    await screen.findByTestId('checkout-summary');
    expect(screen.queryByTestId('checkout-promo')).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-price')).toHaveTextContent(/^\$3\.99$/);
  });

  it('is in Russian too', async () => {
    await setUiLanguage('ru');
    try {
      renderAt('/paywall/checkout?pack=pack-s', { discount: { code: 'SAVE20', percent: 20 } });
      expect(await screen.findByTestId('checkout-summary')).toHaveTextContent('Промокод SAVE20');
    } finally {
      await setUiLanguage('en');
    }
  });
});

describe('/paywall/crypto', () => {
  it('says plainly that crypto is not available here and offers the card', async () => {
    const router = renderAt('/paywall/checkout?pack=pack-s');
    fireEvent.click(await screen.findByTestId('pay-with-crypto'));
    const page = await screen.findByTestId('paywall-crypto');
    expect(page).toHaveTextContent('Crypto payment');
    expect(screen.getByTestId('crypto-unavailable')).toHaveTextContent(
      'Crypto payments are not available on this server',
    );
    expect(screen.getByTestId('checkout-summary')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('crypto-pay-by-card'));
    expect(router.state.location.pathname + router.state.location.search).toBe('/paywall/card?pack=pack-s');
  });

  it('with a crypto processor, "Pay with crypto" buys with provider crypto and keeps the card as an option', async () => {
    purchasePack.mockReturnValue(new Promise(() => {}));
    renderAt('/paywall/crypto?pack=pack-s', {
      methods: methods({ providers: ['sandbox', 'crypto'], crypto: true }),
    });
    const button = await screen.findByTestId('crypto-pay');
    expect(button).toHaveTextContent('Pay with crypto');
    expect(screen.queryByTestId('crypto-unavailable')).not.toBeInTheDocument();
    expect(screen.getByTestId('crypto-pay-by-card')).toBeInTheDocument();
    fireEvent.click(button);
    await waitFor(() => expect(purchasePack).toHaveBeenCalledWith('pack-s', 'crypto'));
  });

  it('in Russian', async () => {
    await setUiLanguage('ru');
    try {
      renderAt('/paywall/crypto?pack=pack-s', { methods: methods({ crypto: true }) });
      expect(await screen.findByTestId('crypto-pay')).toHaveTextContent('Оплатить криптовалютой');
    } finally {
      await setUiLanguage('en');
    }
  });

  it('without an offer it still explains, and goes back to the paywall', async () => {
    renderAt('/paywall/crypto');
    expect(await screen.findByTestId('crypto-unavailable')).toBeInTheDocument();
    expect(screen.queryByTestId('crypto-pay-by-card')).not.toBeInTheDocument();
  });
});

describe('Telegram Stars in the mini app', () => {
  function inTelegram(openInvoice: NonNullable<TelegramWebApp['openInvoice']>) {
    window.Telegram = { WebApp: { initData: 'query_id=1', openInvoice } as unknown as TelegramWebApp };
  }

  it('prices in Stars, pays through openInvoice, then waits on the processing page', async () => {
    const openInvoice = vi.fn<NonNullable<TelegramWebApp['openInvoice']>>();
    inTelegram(openInvoice);
    purchasePack.mockResolvedValue({ paymentId: 'pay1', checkoutUrl: 'https://t.me/$inv1' });
    const router = renderAt('/paywall/card?pack=pack-s', { methods: methods({ stars: true }) });
    expect(await screen.findByRole('heading', { name: 'Pay with Telegram Stars' })).toBeInTheDocument();
    expect(screen.getByTestId('checkout-price')).toHaveTextContent('250 ⭐');
    fireEvent.click(screen.getByTestId('continue-to-payment'));
    await waitFor(() => expect(openInvoice).toHaveBeenCalledTimes(1));
    expect(purchasePack).toHaveBeenCalledWith('pack-s', 'telegram');
    expect(openInvoice.mock.calls[0]![0]).toBe('https://t.me/$inv1');
    openInvoice.mock.calls[0]![1]!('paid');
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/paywall/processing?paymentId=pay1',
      ),
    );
  });

  it('a cancelled invoice leaves the buyer on the page, able to try again', async () => {
    const openInvoice = vi.fn<NonNullable<TelegramWebApp['openInvoice']>>();
    inTelegram(openInvoice);
    purchasePack.mockResolvedValue({ paymentId: 'pay2', checkoutUrl: 'https://t.me/$inv2' });
    const router = renderAt('/paywall/card?pack=pack-s', { methods: methods({ stars: true }) });
    fireEvent.click(await screen.findByTestId('continue-to-payment'));
    await waitFor(() => expect(openInvoice).toHaveBeenCalledTimes(1));
    openInvoice.mock.calls[0]![1]!('cancelled');
    await waitFor(() => expect(screen.getByTestId('continue-to-payment')).not.toBeDisabled());
    expect(router.state.location.pathname).toBe('/paywall/card');
  });

  it('outside Telegram the same server keeps card prices and the card page', async () => {
    renderAt('/paywall/card?pack=pack-s', { methods: methods({ stars: true }) });
    expect(await screen.findByRole('heading', { name: 'Card payment' })).toBeInTheDocument();
    expect(screen.getByTestId('checkout-price')).toHaveTextContent('$3.99');
  });
});

describe('OfferPrice on the pack card', () => {
  it('shows the price and strikes the old one through', () => {
    const qc = new QueryClient();
    render(
      <QueryClientProvider client={qc}>
        <PackCard
          offer={{
            kind: 'pack',
            id: 'pack-s',
            pack,
            summary: {
              kind: 'pack',
              id: 'pack-s',
              totalTokens: 200,
              extraTokens: 0,
              period: null,
              price: { price: 3.99, oldPrice: 4.99, currency: 'USD' },
              profit: 1,
              profitPercent: 20,
            },
          }}
          onChoose={() => undefined}
        />
      </QueryClientProvider>,
    );
    const price = screen.getByTestId('offer-price');
    expect(price).toHaveTextContent('$3.99');
    expect(price.querySelector('s')).toHaveTextContent('$4.99');
  });
});
