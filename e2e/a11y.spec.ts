import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 5, quality: home, the sign-up popup and a chat have no serious or critical accessibility
 * violations (axe-core, WCAG 2.1 A and AA rules), at desktop and phone sizes.
 */
const uniqueEmail = () =>
  `a11y.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;

async function skipAgeGate(page: Page): Promise<void> {
  const base = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: 'age_verified', value: 'true', url: base }]);
}

/** Serious and critical violations, one line each (rule, impact, the first offending elements). */
async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

test('home has no serious accessibility violations', async ({ page }) => {
  await skipAgeGate(page);
  await page.goto('/');
  await expect(page.getByTestId('model-card').first()).toBeVisible();
  await expect(page.locator('main')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the age gate has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('age-gate')).toBeVisible({ timeout: 5_000 });
  expect(await seriousViolations(page)).toEqual([]);
});

test('the sign-up popup has no serious accessibility violations and keeps focus inside', async ({ page }) => {
  await skipAgeGate(page);
  await page.goto('/?popup=sign-up');
  const dialog = page.getByTestId('sign-up-dialog');
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Tabbing through every control never leaves the dialog.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
});

test('a chat has no serious accessibility violations', async ({ page }) => {
  await skipAgeGate(page);
  const res = await page.request.post('/api/auth/sign-up', {
    data: { email: uniqueEmail(), password: 'a long password 1', termsAccepted: true },
  });
  expect(res.status()).toBe(201);
  const { accessToken } = (await res.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const update = await page.request.post('/api/user/update', {
    headers,
    data: { name: 'Robin', age: 30, sex: 'male', country: 'DE' },
  });
  expect(update.ok()).toBe(true);
  const bots = ((await (await page.request.get('/api/bots')).json()) as { data: { _id: string }[] }).data;
  const created = await page.request.post('/api/chat', { headers, data: { botId: bots[0]!._id } });
  expect(created.status()).toBe(201);
  const chatId = ((await created.json()) as { data: { chat: { _id: string } } }).data.chat._id;

  await page.goto(`/chat/${chatId}`);
  const input = page.getByTestId('message-input');
  await expect(input).toBeVisible();
  await input.fill('Hello there');
  await input.press('Enter');
  await expect(page.locator('[data-testid="message"][data-self="false"]').first()).toBeVisible({
    timeout: 20_000,
  });
  expect(await seriousViolations(page)).toEqual([]);
});
