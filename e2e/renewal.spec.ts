import { expect, request, test, type Page } from '@playwright/test';
import { adminToken, payWith, signedIn, type Account } from './fixtures.ts';

/**
 * The failed-renewal journey (issue 4): subscribe with 0341 (succeeds now, later charges of the
 * saved card are declined) → the operator charges the renewal now, through the renewal job's own
 * path → the processor's webhook declines it → the alert and the warning banner (access kept,
 * NO_REBIL), dismissable per page → "Update payment details" → a new card pays the next period.
 */
/** The operator, from the admin API (a request context of its own, signed in as the e2e admin). */
async function operatorChargesRenewal(userId: string): Promise<string> {
  const api = await request.newContext({ baseURL: test.info().project.use.baseURL! });
  try {
    const res = await api.post(`/api/admin/users/${userId}/subscription/renew`, {
      headers: { authorization: `Bearer ${await adminToken(api)}` },
    });
    expect(res.status(), await res.text()).toBe(200);
    const body = (await res.json()) as { paymentId: string; status: string };
    expect(body.status).toBe('pending');
    return body.paymentId;
  } finally {
    await api.dispose();
  }
}

async function paymentStatus(page: Page, user: Account, paymentId: string): Promise<string> {
  const res = await page.request.get(`/api/payment/status/${paymentId}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  return ((await res.json()) as { status: string }).status;
}

test('a declined renewal: the alert and the banner, dismissed per page, then a new card pays the next period', async ({
  page,
}) => {
  // Two real sandbox payments and a renewal charge with webhooks: room on a busy machine.
  test.setTimeout(120_000);
  const user = await signedIn(page, 'renew');

  // Subscribe to the monthly plan with 0341 on the sandbox's hosted card page.
  await page.goto('/paywall');
  await page.locator('[data-testid="plan-card"][data-plan-id="plan-monthly"]').click();
  await expect(page).toHaveURL(/\/paywall\/checkout\?plan=plan-monthly/);
  await page.getByTestId('pay-by-card').click();
  await page.getByTestId('continue-to-payment').click();
  await expect(page.getByTestId('sandbox-amount')).toHaveText('$4.80');
  await payWith(page, '4000 0000 0000 0341');
  await expect(page.getByTestId('paywall-success')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('renewal-banner')).toHaveCount(0);

  // The operator charges the renewal now; the processor declines the saved card.
  const renewal = await operatorChargesRenewal(user.userId);
  await expect.poll(() => paymentStatus(page, user, renewal), { timeout: 20_000 }).toBe('declined');

  // The user's app: the alert once, then the warning banner; access is kept.
  await page.goto('/wallet');
  const alert = page.getByTestId('renewal-alert');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Unable to charge payment method for your Subscription');
  await alert.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(alert).toBeHidden();
  const banner = page.getByTestId('renewal-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Unable to charge payment method for your Subscription');
  await expect(banner).toContainText("We're keeping your access active for now.");
  await expect(page.getByTestId('subscription-status')).toHaveAttribute('data-status', 'active');
  await expect(page.getByTestId('retry-renewal')).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText('1 599');

  // Dismissed on this page, it stays dismissed here (also after a reload) but shows on others.
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('subscription-status')).toBeVisible();
  await expect(page.getByTestId('renewal-banner')).toHaveCount(0);
  await expect(page.getByTestId('renewal-alert')).toHaveCount(0); // the alert shows once a session
  await page.goto('/paywall');
  await expect(page.getByTestId('renewal-banner')).toBeVisible();

  // Retry from the banner: checkout for the same plan (no banner there), a new card, full price.
  await page.getByTestId('renewal-banner').getByRole('button', { name: 'Update payment details' }).click();
  await expect(page).toHaveURL(/\/paywall\/checkout\?plan=plan-monthly/);
  await expect(page.getByTestId('checkout-total-tokens')).toHaveText('1 099');
  await expect(page.getByTestId('renewal-banner')).toHaveCount(0);
  await page.getByTestId('pay-by-card').click();
  await page.getByTestId('continue-to-payment').click();
  await expect(page.getByTestId('sandbox-amount')).toHaveText('$11.99');
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByTestId('paywall-success')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('renewal-banner')).toHaveCount(0); // the success page refreshed the user

  // The banner is gone everywhere and the subscription is active with the next period's tokens.
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText('2 698');
  await expect(page.getByTestId('subscription-status')).toHaveAttribute('data-status', 'active');
  await expect(page.getByTestId('retry-renewal')).toHaveCount(0);
  await expect(page.getByTestId('renewal-banner')).toHaveCount(0);
  await page.goto('/paywall');
  await expect(page.getByTestId('pack-card').first()).toBeVisible();
  await expect(page.getByTestId('renewal-banner')).toHaveCount(0);
});
