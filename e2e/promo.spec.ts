import { expect, test } from '@playwright/test';
import { createPromoCode, signedIn, stamp } from './fixtures.ts';

/** Promo codes: bonus tokens at once, or a discount waiting for the next checkout (with a copy button). */

test('a bonus code adds tokens in the wallet; using it twice says so', async ({ page, request }) => {
  const code = await createPromoCode(request, 'E2E', { kind: 'bonus_tokens', amount: 1200 });
  await signedIn(page, 'promo');
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toContainText('500');
  const promo = page.getByTestId('promo-code');
  await promo.getByLabel('Promo code', { exact: true }).fill(code.toLowerCase());
  await promo.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('promo-result')).toHaveText('Done! 1 200 tokens were added to your balance.');
  await expect(page.getByTestId('wallet-balance')).toContainText('1 700');

  await promo.getByLabel('Promo code', { exact: true }).fill(code);
  await promo.getByRole('button', { name: 'Apply' }).click();
  await expect(promo.getByRole('alert')).toHaveText('You have already used this promo code');
});

test('a discount code waits for the next checkout on the paywall; copying it shows the toast', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const code = await createPromoCode(request, 'E2E', { kind: 'discount_percent', amount: 15 });
  await signedIn(page, 'promo');
  await page.goto('/paywall');
  const promo = page.getByTestId('promo-code');
  await promo.getByLabel('Promo code', { exact: true }).fill(code);
  await promo.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('promo-result')).toHaveText('Done! You get 15% off your next purchase.');
  await expect(page.getByTestId('promo-pending')).toContainText(code);
  await page
    .getByTestId('promo-pending')
    .getByRole('button', { name: `Copy promo code ${code}` })
    .click();
  await expect(page.getByText('Promo code successfully copied')).toBeVisible();

  const unknown = `NOPE${stamp()}`.toUpperCase();
  await promo.getByLabel('Promo code', { exact: true }).fill(unknown);
  await promo.getByRole('button', { name: 'Apply' }).click();
  await expect(promo.getByRole('alert')).toHaveText('Unknown promo code');
});
