import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { EXCLUSIVE } from './exclusive.ts';

/** Operators edit the offers (issue 4): a price changed in the console is the one users see. */
const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password' };
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function ageVerified(context: BrowserContext): Promise<void> {
  const base = test.info().project.use.baseURL!;
  await context.addCookies([{ name: 'age_verified', value: 'true', url: base }]);
}

async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.post('/api/auth/sign-in', { data: ADMIN });
  expect(res.ok()).toBe(true);
  return { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
}

async function operatorPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    userAgent: use.userAgent,
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
  });
  await ageVerified(context);
  const page = await context.newPage();
  await page.goto('/admin');
  const form = page.getByTestId('admin-sign-in');
  await form.getByLabel('Email').fill(ADMIN.email);
  await form.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('admin-console')).toBeVisible();
  return { context, page };
}

test(
  "the operator changes pack M's tier-2 price in the console; a user's paywall shows it",
  EXCLUSIVE,
  async ({ page, browser, request }) => {
    const headers = await adminHeaders(request);
    const stored = await request.get('/api/admin/settings', { headers });
    expect(stored.ok()).toBe(true);
    const original = ((await stored.json()) as { data: { settings: { purchase: unknown[] } } }).data.settings
      .purchase;

    // A user at the default geo tier (2) sees the seeded price first.
    await ageVerified(page.context());
    const signUp = await page.request.post('/api/auth/sign-up', {
      data: { email: `offers.${stamp()}@example.com`, password: 'a long password 1', termsAccepted: true },
    });
    expect(signUp.status()).toBe(201);
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
