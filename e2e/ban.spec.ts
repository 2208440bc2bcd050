import { expect, test } from '@playwright/test';
import { adminToken, onboardedUser } from './fixtures.ts';

/** SPEC §6/§8: an operator bans a user; the app shows the ban modal live and closes chats and payment. */

test('a ban arrives live: the ban modal with the reason, chats and payment closed, and lifted again', async ({
  page,
  request,
}, info) => {
  const phone = info.project.name === 'phone';
  const user = await onboardedUser(page, 'ban');
  const admin = await adminToken(request);
  const headers = { authorization: `Bearer ${admin}` };

  await page.goto('/');
  await expect(page.getByTestId('model-card').first()).toBeVisible();
  const chatsNav = page.getByTestId(phone ? 'bottom-nav-chats' : 'nav-chats');
  const paymentNav = page.getByTestId(phone ? 'bottom-nav-wallet' : 'nav-payment');
  await expect(chatsNav).not.toHaveAttribute('aria-disabled', 'true');

  const ban = await request.post(`/api/admin/users/${user.userId}/ban`, {
    headers,
    data: { reason: 'Spamming the characters' },
  });
  expect(ban.ok()).toBe(true);

  // The `banned` socket event opens the modal without a reload.
  const dialog = page.getByTestId('ban-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Reason: Spamming the characters');
  // The one thing a banned user can still write: an appeal, into the operators' support inbox.
  await dialog.getByTestId('appeal-text').fill('I only said hello, please look again');
  await dialog.getByTestId('appeal-send').click();
  await expect(dialog.getByTestId('appeal-sent')).toBeVisible();
  const inbox = await request.get('/api/admin/support', { headers });
  const mine = (await inbox.json()).data.find((c: { user: { _id: string } }) => c.user._id === user.userId);
  expect(mine).toMatchObject({
    awaitingReply: true,
    lastMessage: { message: 'I only said hello, please look again' },
  });
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

  // The operator lifts the ban: a banned account has no live socket (decision 037), so the next
  // load of the app opens chats and payment again.
  const unban = await request.post(`/api/admin/users/${user.userId}/unban`, { headers });
  expect(unban.ok()).toBe(true);
  await page.reload();
  await expect(chatsNav).not.toHaveAttribute('aria-disabled', 'true');
  await paymentNav.click();
  await expect(page).toHaveURL(/\/wallet$/);
});
