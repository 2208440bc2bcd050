import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { EXCLUSIVE } from './exclusive.ts';
import { adminToken, ageVerified, onboardedUser, operatorPage, stamp } from './fixtures.ts';

/** The operator console (issue 5): bans, the maintenance switch and promo codes, driven from /admin. */

async function setMaintenanceByApi(request: APIRequestContext, maintenance: boolean): Promise<void> {
  await request.put('/api/admin/maintenance', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { maintenance },
  });
}

test('a non-operator opening /admin gets the no-access page', async ({ page }) => {
  await onboardedUser(page, 'console');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/no-access$/);
  await expect(page.getByTestId('no-access')).toBeVisible();
});

test('the operator bans a user from the console: the ban modal opens live; then lifts it', async ({
  page,
  browser,
}) => {
  // Two browsers and many steps: near the 60 s limit on a loaded two-core machine.
  test.slow();
  const { email } = await onboardedUser(page, 'console');
  await page.goto('/');
  await expect(page.getByTestId('model-card').first()).toBeVisible();

  const operator = await operatorPage(browser);
  try {
    const op = operator.page;
    await op.getByTestId('admin-nav-users').click();
    await op.getByLabel('Email or user id').fill(email);
    await op.getByRole('button', { name: 'Find' }).click();
    const card = op.getByTestId('admin-user').filter({ hasText: email });
    await card.getByRole('button', { name: 'Ban' }).click();
    await card.getByLabel('Reason for the ban').fill('Spam in support');
    await card.getByRole('button', { name: 'Ban this user' }).click();
    await expect(card).toHaveAttribute('data-banned', 'true');

    const modal = page.getByTestId('ban-dialog');
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Spam in support');
    await modal.getByRole('button', { name: 'OK' }).click();

    await card.getByRole('button', { name: 'Lift the ban' }).click();
    await expect(card).toHaveAttribute('data-banned', 'false');
    // A banned account has no live socket (decision 037): the next load opens the app again.
    await page.reload();
    const chatsNav = page.getByTestId(
      test.info().project.name === 'phone' ? 'bottom-nav-chats' : 'nav-chats',
    );
    await expect(chatsNav).not.toHaveAttribute('aria-disabled', 'true');
  } finally {
    await operator.context.close();
  }
});

test(
  'maintenance on and off from the console: visitors see the screen, the console stays usable',
  EXCLUSIVE,
  async ({ page, browser, request }) => {
    await ageVerified(page.context());
    const operator = await operatorPage(browser);
    try {
      const op = operator.page;
      await op.getByTestId('admin-nav-platform').click();
      const toggle = op.getByRole('switch', { name: 'Maintenance' });
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await toggle.click();
      await op
        .getByTestId('admin-maintenance-confirm')
        .getByRole('button', { name: 'Turn maintenance on' })
        .click();
      await expect(toggle).toHaveAttribute('aria-checked', 'true');

      await page.goto('/');
      await expect(page.getByTestId('maintenance')).toBeVisible();
      // The console is not covered by the screen it turned on.
      await op.reload();
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      await expect(op.getByTestId('maintenance')).toHaveCount(0);

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await page.getByTestId('maintenance-refresh').click();
      await expect(page.getByTestId('model-card').first()).toBeVisible();
      await expect(page.getByTestId('maintenance')).toHaveCount(0);
    } finally {
      await setMaintenanceByApi(request, false);
      await operator.context.close();
    }
  },
);

test('the operator creates a promo code in the console; a user redeems it', async ({ page, browser }) => {
  const code = `CONSOLE${stamp().toUpperCase()}`;
  const operator = await operatorPage(browser);
  try {
    const op = operator.page;
    await op.getByTestId('admin-nav-promo').click();
    const form = op.getByTestId('admin-promo-form');
    await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await form.getByRole('radio', { name: 'Bonus tokens' }).check();
    await form.getByRole('textbox', { name: 'Tokens' }).fill('300');
    await form.getByLabel('Maximum uses (optional)').fill('5');
    await form.getByRole('button', { name: 'Create promo code' }).click();
    const row = op.getByTestId('admin-promo-code').filter({ hasText: code });
    await expect(row).toContainText('300 bonus tokens');
    await expect(row).toContainText('Used 0 of 5');

    await onboardedUser(page, 'console');
    await page.goto('/wallet');
    await expect(page.getByTestId('wallet-balance')).toContainText('500');
    const promo = page.getByTestId('promo-code');
    await promo.getByLabel('Promo code', { exact: true }).fill(code);
    await promo.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('promo-result')).toHaveText('Done! 300 tokens were added to your balance.');
    await expect(page.getByTestId('wallet-balance')).toContainText('800');

    await op.reload();
    await expect(row).toContainText('Used 1 of 5');
  } finally {
    await operator.context.close();
  }
});

// One journey per section: five axe passes in one test outran the 60 s budget on a loaded machine.
for (const section of ['support', 'users', 'platform', 'registration', 'promo']) {
  test(`the console's ${section} section is keyboard-reachable and has no serious accessibility violations`, async ({
    browser,
  }) => {
    const operator = await operatorPage(browser);
    try {
      const op = operator.page;
      await op.getByTestId(`admin-nav-${section}`).focus();
      await op.keyboard.press('Enter');
      await expect(op).toHaveURL(new RegExp(`/admin/${section}$`));
      await expect(op.locator('h1')).toBeVisible();
      const { violations } = await new AxeBuilder({ page: op })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const serious = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${section}: ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    } finally {
      await operator.context.close();
    }
  });
}
