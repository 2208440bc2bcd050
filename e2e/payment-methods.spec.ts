import { expect, test } from '@playwright/test';
import { createPromoCode, signedIn } from './fixtures.ts';

/** The checkout's other ways on: the crypto page (no processor here) and a pending promo discount. */

test.beforeEach(async ({ page }) => {
  await signedIn(page, 'methods');
});

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
  const code = await createPromoCode(request, 'PM', { kind: 'discount_percent', amount: 15 });
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
