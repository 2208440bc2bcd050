import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ageVerified, onboardedUser, openChat } from './fixtures.ts';

/**
 * Issue 5, quality: home, the sign-up popup and a chat have no serious or critical accessibility
 * violations (axe-core, WCAG 2.1 A and AA rules), at desktop and phone sizes.
 */
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
  await ageVerified(page.context());
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
  await ageVerified(page.context());
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
  const chatId = await openChat(await onboardedUser(page, 'a11y'), 0);

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
