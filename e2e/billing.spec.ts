import { expect, test, type Page } from '@playwright/test';
import { payWith, signedIn } from './fixtures.ts';

/** Token packs paid with the built-in sandbox processor's test cards (DESIGN §4), end to end. */
/** From the paywall to the processor's hosted card page, for one pack. */
async function checkoutPack(page: Page, packId: string): Promise<void> {
  await page.goto('/paywall');
  await page.locator(`[data-testid="pack-card"][data-pack-id="${packId}"]`).click();
  await expect(page).toHaveURL(/\/paywall\/checkout\?pack=/);
  await page.getByTestId('pay-by-card').click();
  await expect(page).toHaveURL(/\/paywall\/card\?pack=/);
  await page.getByTestId('continue-to-payment').click();
  await expect(page).toHaveURL(/\/sandbox\/pay\/cs_/);
  await expect(page.getByTestId('sandbox-test-mode')).toContainText('TEST MODE');
}

async function walletBalance(page: Page): Promise<string> {
  await page.goto('/wallet');
  const el = page.getByTestId('wallet-balance');
  await expect(el).toBeVisible();
  return (await el.textContent())!.trim();
}

test.beforeEach(async ({ page }) => {
  await signedIn(page, 'pay');
});

test('buy a pack with 4242: the checkout shows what you get, the tokens arrive', async ({ page }) => {
  await page.goto('/paywall');
  await expect(page.getByTestId('pack-card')).toHaveCount(4);
  const m = page.locator('[data-testid="pack-card"][data-pack-id="pack-m"]');
  await expect(m).toContainText('550 tokens');
  await expect(m).toContainText('$7.99');
  await m.click();
  const summary = page.getByTestId('checkout-summary');
  await expect(summary).toContainText('Total tokens');
  await expect(summary).toContainText('One-time extra tokens');
  await expect(summary).toContainText('Profit');
  await expect(page.getByTestId('checkout-total-tokens')).toHaveText('550');
  await expect(page.getByTestId('checkout-price')).toHaveText('$7.99');

  await page.getByTestId('pay-by-card').click();
  await page.getByTestId('continue-to-payment').click();
  await expect(page.getByTestId('sandbox-test-mode')).toBeVisible();
  await expect(page.getByTestId('sandbox-amount')).toHaveText('$7.99');

  // Bad input is refused on the hosted page with a clear message.
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('sandbox-error')).toHaveText('Your card number is invalid.');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('01/20');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('sandbox-error')).toHaveText("Your card's expiration date is in the past.");

  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByTestId('paywall-success')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('success-tokens')).toHaveText('550 tokens were added to your balance.');
  expect(await walletBalance(page)).toBe('1 050');
  await expect(page.getByTestId('ledger-entry').first()).toHaveAttribute('data-reason', 'purchase');
});

test('0002 is declined: Transaction Declined, then Try again', async ({ page }) => {
  await checkoutPack(page, 'pack-s');
  await payWith(page, '4000 0000 0000 0002');
  const declined = page.getByTestId('paywall-declined');
  await expect(declined).toBeVisible({ timeout: 20_000 });
  await expect(declined).toContainText('Transaction Declined');
  await expect(declined).toContainText('You can try to make the payment again.');
  await page.getByTestId('try-again').click();
  await expect(page).toHaveURL(/\/paywall\/checkout\?pack=pack-s/);
  await expect(page.getByTestId('checkout-total-tokens')).toHaveText('200');
  expect(await walletBalance(page)).toBe('500');
});

test('3220 needs a confirmation step: the confirm page, the bank challenge, success', async ({ page }) => {
  await checkoutPack(page, 'pack-s');
  await payWith(page, '4000 0000 0000 3220');
  await expect(page.getByTestId('paywall-confirm')).toBeVisible();
  await expect(page.getByTestId('paywall-confirm')).toContainText('Confirm your payment');
  await page.getByTestId('confirm-payment').click();
  await expect(page.getByTestId('sandbox-test-mode')).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByTestId('paywall-success')).toBeVisible({ timeout: 20_000 });
  expect(await walletBalance(page)).toBe('700');
});

test('0077 stays processing for a few seconds, then succeeds', async ({ page }) => {
  await checkoutPack(page, 'pack-s');
  await payWith(page, '4000 0000 0000 0077');
  await expect(page.getByTestId('paywall-processing')).toBeVisible();
  await expect(page.getByTestId('paywall-processing')).toContainText('Processing your payment');
  await expect(page.getByTestId('paywall-success')).toBeVisible({ timeout: 25_000 });
  expect(await walletBalance(page)).toBe('700');
});

test('subscribe to the monthly plan: first-time discount, receipt, status in the wallet, cancel', async ({
  page,
}) => {
  await page.goto('/paywall');
  const monthly = page.locator('[data-testid="plan-card"][data-plan-id="plan-monthly"]');
  await expect(monthly).toContainText('1 099 tokens a month');
  await expect(monthly).toContainText('−60 % on your first subscription');
  await monthly.click();
  await expect(page.getByTestId('checkout-period')).toHaveText('1 month');
  await expect(page.getByTestId('checkout-total-tokens')).toHaveText('1 099');
  await expect(page.getByTestId('checkout-price')).toHaveText('$4.80');
  await page.getByTestId('pay-by-card').click();
  await page.getByTestId('continue-to-payment').click();
  await expect(page.getByTestId('sandbox-amount')).toHaveText('$4.80');
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByTestId('paywall-success')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('registration-number')).toHaveText(/^AMR-\d{4}-\d{8}$/);
  await expect(page.getByTestId('billing-descriptor')).toHaveText('AMORA*SANDBOX TEST');

  expect(await walletBalance(page)).toBe('1 599');
  const status = page.getByTestId('subscription-status');
  await expect(status).toHaveAttribute('data-status', 'active');
  await page.getByTestId('cancel-subscription').click();
  await page.getByTestId('cancel-dialog').getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(status).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('subscription-status-label')).toHaveText('Cancelled');
});
