import { expect, test, type Page } from '@playwright/test';
import { startBtcpayFake, type BtcpayFake } from '../apps/server/src/modules/payments/btcpay/btcpay-fake.ts';
import { EXCLUSIVE } from './exclusive.ts';
import { uniqueEmail } from './fixtures.ts';
import { ownServerBase, startOwnServer, type OwnServer } from './own-server.ts';

/*
 * Crypto payments in the browser: a second Amora server (the built app) configured with BTCPAY_*
 * pointing at a loopback fake BTCPay Server whose hosted invoice page has "Pay" and "Let it expire".
 * The buyer goes from /paywall/crypto to the invoice, pays, comes back and sees the tokens.
 * Its own server (the main one has no crypto processor, so its journeys see the "unavailable" page).
 */

const base = ownServerBase(41);
const STORE_ID = 'e2e_store';
const API_KEY = 'e2e_btcpay_api_key';
const WEBHOOK_SECRET = 'e2e_btcpay_webhook_secret';
let fake: BtcpayFake;
let server: OwnServer | undefined;

test.beforeAll(async () => {
  fake = await startBtcpayFake({
    storeId: STORE_ID,
    apiKey: API_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `${base}/api/payment/webhook/crypto`,
  });
  server = await startOwnServer({
    portOffset: 41,
    name: 'crypto',
    env: {
      BTCPAY_URL: fake.url,
      BTCPAY_STORE_ID: STORE_ID,
      BTCPAY_API_KEY: API_KEY,
      BTCPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

/** Signs up on the crypto-enabled server (the refresh cookie restores the session in the page). */
async function signedIn(page: Page, language: 'en' | 'ru' = 'en'): Promise<void> {
  await page.context().addCookies([{ name: 'age_verified', value: 'true', url: base }]);
  const res = await page.request.post(`${base}/api/auth/sign-up`, {
    data: { email: uniqueEmail('crypto'), password: 'a long password 1', termsAccepted: true, language },
  });
  expect(res.status()).toBe(201);
}

/** From the pack's checkout to the processor's hosted invoice page. */
async function toInvoice(page: Page, packId: string): Promise<void> {
  await page.goto(`${base}/paywall/checkout?pack=${packId}`);
  await page.getByTestId('pay-with-crypto').click();
  await expect(page).toHaveURL(new RegExp(`/paywall/crypto\\?pack=${packId}$`));
  await expect(page.getByTestId('crypto-unavailable')).toHaveCount(0);
  await page.getByTestId('crypto-pay').click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/i\/inv_fake/);
  await expect(page.getByRole('heading', { name: 'Pay with Bitcoin' })).toBeVisible();
}

async function walletBalance(page: Page): Promise<string> {
  await page.goto(`${base}/wallet`);
  const el = page.getByTestId('wallet-balance');
  await expect(el).toBeVisible();
  return (await el.textContent())!.trim();
}

test(
  'buy a pack with crypto: the hosted invoice, Pay, back to Amora, the tokens arrive',
  EXCLUSIVE,
  async ({ page }) => {
    await signedIn(page);
    await toInvoice(page, 'pack-m');
    await expect(page.getByText('7.99 USD')).toBeVisible();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`^${base}/paywall/(processing|success)`));
    await expect(page.getByTestId('paywall-success')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('success-tokens')).toHaveText('550 tokens were added to your balance.');
    expect(await walletBalance(page)).toBe('1 050');
  },
);

// In Russian: the processor's reason is told in the reader's language.
test(
  'an invoice left to expire, in Russian: declined, nothing added, try again',
  EXCLUSIVE,
  async ({ page }) => {
    await signedIn(page, 'ru');
    await toInvoice(page, 'pack-s');
    await page.getByRole('button', { name: 'Let it expire' }).click();
    const declined = page.getByTestId('paywall-declined');
    await expect(declined).toBeVisible({ timeout: 20_000 });
    await expect(declined).toContainText('Транзакция отклонена');
    await expect(declined).toContainText('Срок криптовалютного счёта истёк, он не был оплачен.');
    await page.getByTestId('try-again').click();
    await expect(page).toHaveURL(/\/paywall\/checkout\?pack=pack-s/);
    expect(await walletBalance(page)).toBe('500');
  },
);
