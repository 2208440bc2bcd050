import { expect, test } from '@playwright/test';

/** SPEC §1/§2: the interface languages, the language-changed modal, and the choice kept for the user. */
test.beforeEach(async ({ page }) => {
  await page.context().addCookies([{ name: 'age_verified', value: 'true', domain: '127.0.0.1', path: '/' }]);
});

test('switching to German: menu labels translated, the modal offers German chats, the choice survives reloads', async ({
  page,
}, info) => {
  const phone = info.project.name === 'phone';
  const email = `lang.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const res = await page.request.post('/api/auth/sign-up', {
    data: { email, password: 'a long password 1', termsAccepted: true },
  });
  expect(res.status()).toBe(201);
  const token = ((await res.json()) as { accessToken: string }).accessToken;

  await page.goto('/profile');
  const profileNav = page.getByTestId(phone ? 'bottom-nav-profile' : 'nav-profile');
  await expect(profileNav).toContainText('Profile');
  // The session is restored (the profile shows): the choice is saved on the account, not only here.
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await page.getByTestId('language-switcher').selectOption('de');

  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId(phone ? 'bottom-nav-home' : 'nav-payment')).toContainText(
    phone ? 'Start' : 'Zahlung',
  );
  await expect(page.getByText('Einstellungen')).toBeVisible();

  // The language-changed modal: the characters can write in German too.
  const dialog = page.getByTestId('language-changed-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('language-changed-confirm').click();
  await expect(dialog).toBeHidden();

  const me = await page.request.get('/api/user', { headers: { authorization: `Bearer ${token}` } });
  const user = ((await me.json()) as { user: { language: string; languageForChats: string } }).user;
  expect(user).toMatchObject({ language: 'de', languageForChats: 'de' });

  // A reload keeps German (this device) ...
  await page.reload();
  await expect(page.getByText('Einstellungen')).toBeVisible();
  await expect(page.getByTestId('language-switcher')).toHaveValue('de');
  // ... and so does a device that remembers nothing: the account's language applies.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByText('Einstellungen')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  // Back to English: the modal asks again, and "keep" leaves the characters in German.
  await page.getByTestId('language-switcher').selectOption('en');
  await expect(page.getByText('Settings', { exact: true })).toBeVisible();
  await expect(page.getByTestId('language-changed-dialog')).toBeVisible();
  await page
    .getByTestId('language-changed-dialog')
    .getByRole('button', { name: /Keep chatting in Deutsch/ })
    .click();
  await expect(page.getByTestId('language-changed-dialog')).toBeHidden();
});
