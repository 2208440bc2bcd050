import { expect, test } from '@playwright/test';
import { EXCLUSIVE } from './exclusive.ts';
import { adminToken, operatorPage, signedIn } from './fixtures.ts';

/** Operators edit the offers (issue 4): a price changed in the console is the one users see. */
test(
  "the operator changes pack M's tier-2 price in the console; a user's paywall shows it",
  EXCLUSIVE,
  async ({ page, browser, request }) => {
    const headers = { authorization: `Bearer ${await adminToken(request)}` };
    const stored = await request.get('/api/admin/settings', { headers });
    expect(stored.ok()).toBe(true);
    const original = ((await stored.json()) as { data: { settings: { purchase: unknown[] } } }).data.settings
      .purchase;

    // A user at the default geo tier (2) sees the seeded price first.
    await signedIn(page, 'offers');
    await page.goto('/paywall');
    const packM = page.locator('[data-testid="pack-card"][data-pack-id="pack-m"]');
    await expect(packM).toContainText('$7.99');

    const operator = await operatorPage(browser);
    try {
      const op = operator.page;
      await op.getByTestId('admin-nav-offers').click();
      const tier2 = op.getByTestId('offer-pack-m-price_t_2');
      await expect(tier2).toHaveValue('7.99');
      // a bad price is refused beside the form, nothing is saved
      await tier2.fill('6.499');
      await op.getByTestId('offers-save-purchase').click();
      await expect(op.getByTestId('offers-error-purchase')).toContainText('body.1.price_t_2');
      await expect(tier2).toHaveAttribute('aria-invalid', 'true');

      await tier2.fill('6.49');
      await op.getByTestId('offers-save-purchase').click();
      await expect(op.getByText('Token packs saved.')).toBeVisible();
      await expect(op.getByTestId('offers-error-purchase')).toHaveCount(0);

      await page.reload();
      await expect(packM).toContainText('$6.49');
      await expect(packM).not.toContainText('$7.99');
    } finally {
      await operator.context.close();
      const restore = await request.put('/api/admin/settings/purchase', { headers, data: original });
      expect(restore.ok()).toBe(true);
    }
  },
);
