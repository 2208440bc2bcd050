import { expect, test } from '@playwright/test';
import { onboardedUser } from './fixtures.ts';

// The installed app: these journeys need the service worker the others go without (decision 207).
test.use({ serviceWorkers: 'allow' });

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

/** SPEC §8: when loading the user fails, the app goes on and tries again after 10 s (a fake clock). */
for (const lang of ['en', 'ru'] as const) {
  test(`a failed user fetch is tried again after 10 s, without a reload (${lang})`, async ({ page }) => {
    const hi = lang === 'ru' ? 'Привет, Robin' : 'Hi, Robin';
    await page.clock.install();
    await page.addInitScript((l) => localStorage.setItem('amora.language', l), lang);
    await onboardedUser(page, `retry${lang}`);
    let calls = 0;
    await page.route('**/api/user', async (route) => {
      if (calls++ === 0) await route.fulfill({ status: 503, json: { code: 'UNAVAILABLE', message: 'down' } });
      else await route.fallback();
    });
    await page.goto('/');
    // The app goes on without the user: the characters show, the greeting has no name yet.
    await expect(page.getByTestId('model-card').first()).toBeVisible();
    await expect.poll(() => calls).toBe(1);
    await expect(page.getByRole('heading', { level: 1, name: hi })).toHaveCount(0);
    await page.clock.fastForward(10_000);
    await expect(page.getByRole('heading', { level: 1, name: hi })).toBeVisible();
    expect(calls).toBeGreaterThanOrEqual(2);
  });
}

/** A signed-in visitor whose user fetch fails on a protected page waits there for the retry. */
test('a failed user fetch on /profile keeps the visitor there until the retry loads it', async ({ page }) => {
  await page.clock.install();
  await onboardedUser(page, 'retryprofile');
  let calls = 0;
  await page.route('**/api/user', async (route) => {
    if (calls++ === 0) await route.fulfill({ status: 503, json: { code: 'UNAVAILABLE', message: 'down' } });
    else await route.fallback();
  });
  await page.goto('/profile');
  await expect.poll(() => calls).toBe(1);
  await expect(page.getByRole('status')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await page.clock.fastForward(10_000);
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
});
