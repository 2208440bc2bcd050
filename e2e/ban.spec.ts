import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/** SPEC §6/§8: an operator bans a user; the app shows the ban modal live and closes chats and payment. */
const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password' };

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/sign-in', { data: ADMIN });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** Signs up and onboards through the API in the page's context (the refresh cookie restores the session). */
async function onboardedUser(page: Page): Promise<{ id: string; token: string }> {
  const email = `ban.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const res = await page.request.post('/api/auth/sign-up', {
    data: { email, password: 'a long password 1', termsAccepted: true },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { accessToken: string; user: { _id: string } };
  const update = await page.request.post('/api/user/update', {
    headers: { authorization: `Bearer ${body.accessToken}` },
    data: { name: 'Banned', age: 30, sex: 'male', country: 'DE' },
  });
  expect(update.ok()).toBe(true);
  return { id: body.user._id, token: body.accessToken };
}

test.beforeEach(async ({ page }) => {
  await page.context().addCookies([{ name: 'age_verified', value: 'true', domain: '127.0.0.1', path: '/' }]);
});

test('a ban arrives live: the ban modal with the reason, chats and payment closed, and lifted again', async ({
  page,
  request,
}, info) => {
  const phone = info.project.name === 'phone';
  const user = await onboardedUser(page);
  const admin = await adminToken(request);
  const headers = { authorization: `Bearer ${admin}` };

  await page.goto('/');
  await expect(page.getByTestId('model-card').first()).toBeVisible();
  const chatsNav = page.getByTestId(phone ? 'bottom-nav-chats' : 'nav-chats');
  const paymentNav = page.getByTestId(phone ? 'bottom-nav-wallet' : 'nav-payment');
  await expect(chatsNav).not.toHaveAttribute('aria-disabled', 'true');

  const ban = await request.post(`/api/admin/users/${user.id}/ban`, {
    headers,
    data: { reason: 'Spamming the characters' },
  });
  expect(ban.ok()).toBe(true);

  // The `banned` socket event opens the modal without a reload.
  const dialog = page.getByTestId('ban-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Reason: Spamming the characters');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  await expect(chatsNav).toHaveAttribute('aria-disabled', 'true');
  await expect(paymentNav).toHaveAttribute('aria-disabled', 'true');
  await paymentNav.click();
  await expect(page).toHaveURL(/\/$/);

  // Deep links to chats and payment send a banned user home, and the modal tells why (after a reload too).
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('ban-dialog')).toContainText('Spamming the characters');
  await page.getByTestId('ban-dialog').getByRole('button', { name: 'OK' }).click();
  await page.goto('/paywall');
  await expect(page).toHaveURL(/\/$/);
  await page.getByTestId('ban-dialog').getByRole('button', { name: 'OK' }).click();

  // Opening a character is refused.
  await page.getByTestId('model-card').first().getByRole('button').click();
  await expect(page.getByTestId('toast')).toContainText('Your account is blocked.');
  await expect(page).toHaveURL(/\/$/);

  // The operator lifts the ban: the `unbanned` event opens chats and payment again.
  const unban = await request.post(`/api/admin/users/${user.id}/unban`, { headers });
  expect(unban.ok()).toBe(true);
  await expect(chatsNav).not.toHaveAttribute('aria-disabled', 'true');
  await paymentNav.click();
  await expect(page).toHaveURL(/\/wallet$/);
});
