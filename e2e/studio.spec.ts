import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { adminToken, ageVerified, operatorPage, stamp, uniqueEmail } from './fixtures.ts';

/**
 * The character studio (issue 11): an operator imports a Character Card PNG in the console, adds a
 * level-2 photo and a priced album category, and a user finds the new character on home, chats
 * with her and unlocks that category.
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

test('an operator imports a card, adds a level-2 photo and a priced album; a user chats and unlocks it', async ({
  page,
  browser,
}) => {
  // Two browsers and many steps: near the 60 s limit on a loaded two-core machine.
  test.slow();
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

    // A private album category with a price, and a photo in it (the console's Albums tab).
    await op.getByTestId('admin-nav-albums').click();
    await op.getByTestId('admin-album-bot').selectOption(botId);
    const feet = op.getByTestId('admin-album-feet');
    await feet.getByTestId('admin-album-enabled-feet').check();
    await feet.getByTestId('admin-album-price-feet').fill('120');
    await feet.getByTestId('admin-album-save-feet').click();
    await feet.getByTestId('admin-album-upload-feet').setInputFiles(PHOTO);
    await expect(feet.getByTestId('admin-album-item')).toHaveCount(1);
  } finally {
    await operator.context.close();
  }

  await userIn(page, 'en');
  await chatWith(page, botId, { input: 'Message', send: 'Send message' });

  // Her album: the new category is locked at its price; the user unlocks it and sees the photo.
  const bots = (await (await page.request.get('/api/bots')).json()) as {
    data: { _id: string; remote_id: number }[];
  };
  const remoteId = bots.data.find((b) => b._id === botId)!.remote_id;
  await page.goto(`/album/${remoteId}`);
  const category = page.getByTestId('album-category-feet');
  await expect(category).toHaveAttribute('data-locked', 'true');
  await expect(category).toContainText('120');
  await category.getByTestId('album-unlock-feet').click();
  await expect(category).not.toHaveAttribute('data-locked', 'true');
  await page.getByTestId('album-open-feet').click();
  await expect(page.getByTestId('album-item')).toHaveCount(1);
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
