import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { adminToken, ageVerified, operatorPage, stamp, uniqueEmail } from './fixtures.ts';

/**
 * The character studio (issue 11): an operator imports a Character Card PNG in the console, adds a
 * level-2 photo, and a user finds the new character on home and chats with her.
 * The fixtures come from `node e2e/fixtures/make-studio-card.mjs`.
 */
const CARD = join(import.meta.dirname, 'fixtures', 'studio-card.png');
const PHOTO = join(import.meta.dirname, 'fixtures', 'studio-photo.jpg');

/** A signed-in, onboarded user whose interface language is `language`. */
async function userIn(page: Page, language: 'en' | 'ru'): Promise<void> {
  await ageVerified(page.context());
  const res = await page.request.post('/api/auth/sign-up', {
    data: { email: uniqueEmail('studio'), password: 'a long password 1', termsAccepted: true, language },
  });
  expect(res.status()).toBe(201);
  const { accessToken } = (await res.json()) as { accessToken: string };
  const update = await page.request.post('/api/user/update', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { name: 'Robin', age: 30, sex: 'male', country: 'DE' },
  });
  expect(update.ok()).toBe(true);
}

/** On home, the character's card; a click opens the chat, where she greets first; then a reply. */
async function chatWith(page: Page, botId: string, labels: { input: string; send: string }): Promise<void> {
  await page.goto('/');
  const card = page.locator(`[data-testid="model-card"][data-bot-id="${botId}"]`);
  await card.scrollIntoViewIfNeeded();
  await expect(card).toContainText('Liora');
  await card.click();
  await expect(page).toHaveURL(/\/chat\/[\w-]+/);
  const theirs = page.locator('[data-testid="message"][data-self="false"]');
  await expect(theirs.first()).toContainText('kettle');
  const before = await theirs.count();
  await page.getByRole('textbox', { name: labels.input }).fill('what do you like about storms?');
  await page.getByRole('button', { name: labels.send }).click();
  await expect(page.locator('[data-testid="message"][data-self="true"]').last()).toContainText('storms');
  await expect(theirs).toHaveCount(before + 1, { timeout: 20_000 });
}

test('an operator imports a card and adds a level-2 photo; a user finds her on home and chats', async ({
  page,
  browser,
}) => {
  const operator = await operatorPage(browser);
  let botId: string;
  try {
    const op = operator.page;
    await op.getByTestId('admin-nav-studio').click();
    await expect(op.getByTestId('studio-list')).toBeVisible();
    await op.getByTestId('studio-import-file').setInputFiles(CARD);
    await expect(op).toHaveURL(/\/admin\/studio\/[\w-]+$/);
    botId = op.url().split('/').pop()!;
    await expect(op.getByTestId('studio-name')).toHaveValue('Liora');
    await expect(op.getByTestId('studio-preview')).toContainText('Liora');

    await op.getByTestId('studio-media-file').setInputFiles(PHOTO);
    await op.getByTestId('studio-media-level').selectOption('2');
    await op.getByTestId('studio-media-upload').click();
    await expect(op.locator('[data-testid="studio-media-item"][data-level="2"]')).toHaveCount(1);
    // Her portrait from the card stays the public art (level 1).
    await expect(op.locator('[data-testid="studio-media-item"][data-level="1"]')).toHaveCount(1);
  } finally {
    await operator.context.close();
  }

  await userIn(page, 'en');
  await chatWith(page, botId, { input: 'Message', send: 'Send message' });
});

test('a Russian-speaking user finds an imported character and chats with her', async ({ page }) => {
  // The operator imports through the API this time (the console flow is the test above).
  const token = await adminToken(page.request);
  const imported = await page.request.post('/api/admin/bots/import', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      file: { name: `liora-${stamp()}.png`, mimeType: 'image/png', buffer: readFileSync(CARD) },
    },
  });
  expect(imported.status()).toBe(201);
  const { data } = (await imported.json()) as { data: { _id: string } };

  await userIn(page, 'ru');
  await chatWith(page, data._id, { input: 'Сообщение', send: 'Отправить сообщение' });
});
