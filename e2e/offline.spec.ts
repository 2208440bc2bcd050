import { expect, test } from '@playwright/test';

/** SPEC §2 installed app: once the service worker controls the page, the app shell opens offline. */
test('offline: a deep link still opens the cached app shell', async ({ page, context }) => {
  await context.addCookies([{ name: 'age_verified', value: 'true', domain: '127.0.0.1', path: '/' }]);
  await page.goto('/');
  await expect(page.getByTestId('model-card').first()).toBeVisible();
  // Wait until the worker has precached the build, then load once more so it controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  try {
    // A route never visited: the navigation falls back to the cached index.html and the SPA renders it.
    await page.goto('/profile/faq');
    await expect(page.getByTestId('page-title')).toBeVisible();
    await expect(page.locator('#main')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});
