import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/** The checkout's other ways on: the crypto page (no processor here) and a pending promo discount. */
const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password' };
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

async function discountCode(request: APIRequestContext, percent: number): Promise<string> {
  const signIn = await request.post('/api/auth/sign-in', { data: ADMIN });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const code = `PM${stamp()}`;
  const res = await request.post('/api/admin/promo-codes', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { code, kind: 'discount_percent', amount: percent },
  });
  expect(res.status()).toBe(201);
  return code;
}

async function signedIn(page: Page): Promise<void> {
  const base = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: 'age_verified', value: 'true', url: base }]);
  const res = await page.request.post('/api/auth/sign-up', {
    data: {
      email: `methods.${stamp().toLowerCase()}@example.com`,
      password: 'a long password 1',
      termsAccepted: true,
    },
  });
  expect(res.status()).toBe(201);
}

test.beforeEach(async ({ page }) => signedIn(page));

test('crypto: the page shows the offer and says plainly it is not available here; the card is the way on', async ({
  page,
}) => {
  await page.goto('/paywall');
  await page.locator('[data-testid="pack-card"][data-pack-id="pack-s"]').click();
  await page.getByTestId('pay-with-crypto').click();
  await expect(page).toHaveURL(/\/paywall\/crypto\?pack=pack-s$/);
  await expect(page.getByRole('heading', { name: 'Crypto payment' })).toBeVisible();
  await expect(page.getByTestId('checkout-total-tokens')).toHaveText('200');
  await expect(page.getByTestId('crypto-unavailable')).toContainText(
    'Crypto payments are not available on this server',
  );
  await page.getByTestId('crypto-pay-by-card').click();
  await expect(page).toHaveURL(/\/paywall\/card\?pack=pack-s$/);
  await expect(page.getByTestId('continue-to-payment')).toBeVisible();
});

test('a pending promo discount is its own line at checkout, and the processor charges that total', async ({
  page,
  request,
}) => {
  const code = await discountCode(request, 15);
  await page.goto('/paywall');
  const promo = page.getByTestId('promo-code');
  await promo.getByLabel('Promo code', { exact: true }).fill(code);
  await promo.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('promo-result')).toHaveText('Done! You get 15% off your next purchase.');

  await page.locator('[data-testid="pack-card"][data-pack-id="pack-m"]').click();
  await expect(page.getByTestId('checkout-summary')).toContainText(`Promo code ${code}`);
  await expect(page.getByTestId('checkout-promo')).toHaveText('−15 % (−$1.20)');
  await expect(page.getByTestId('checkout-price')).toHaveText('$7.99 $6.79');
  await page.getByTestId('pay-by-card').click();
  await page.getByTestId('continue-to-payment').click();
  await expect(page.getByTestId('sandbox-amount')).toHaveText('$6.79');
});
