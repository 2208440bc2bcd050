import { expect, test, type Page } from '@playwright/test';
import { openChat, operatorPage, signedIn, type Account } from './fixtures.ts';

/**
 * Decisions 044–046: the safety layer in front of every engine. A crisis line gets a warm reply out
 * of character with a real crisis line; an under-18 statement stops the chat and locks the account
 * for age review, and the operator restores it from the console. In English and in Russian.
 */

const texts = {
  en: {
    crisis: 'I want to kill myself',
    line: /0800 111 0 111/,
    help: /findahelpline\.com/,
    minor: "btw I'm 15",
    excerpt: /btw I'm 15/i,
    review: 'Your account is paused for an age review',
  },
  ru: {
    crisis: 'я хочу покончить с собой',
    line: /8-800-2000-122/,
    help: /findahelpline\.com/,
    minor: 'мне 15',
    excerpt: /мне 15/i,
    review: 'Аккаунт приостановлен для проверки возраста',
  },
} as const;

async function userIn(page: Page, prefix: string, language: 'en' | 'ru'): Promise<Account> {
  const account = await signedIn(page, prefix, { language });
  const update = await page.request.post('/api/user/update', {
    headers: account.headers,
    data: { name: 'Robin', age: 30, sex: 'male', country: language === 'ru' ? 'RU' : 'DE' },
  });
  expect(update.ok()).toBe(true);
  return account;
}

async function say(page: Page, text: string): Promise<void> {
  await page.getByTestId('message-input').fill(text);
  await page.getByTestId('send-button').click();
}

for (const language of ['en', 'ru'] as const) {
  const t = texts[language];

  test(`a crisis line gets help with a crisis line (${language})`, async ({ page }) => {
    const user = await userIn(page, `crisis-${language}`, language);
    const chatId = await openChat(user, 0);
    await page.goto(`/chat/${chatId}`);
    const theirs = page.locator('[data-testid="message"][data-self="false"]');
    await expect(theirs.first()).toBeVisible();
    const before = await theirs.count();
    await say(page, t.crisis);
    await expect(theirs).toHaveCount(before + 1, { timeout: 15_000 });
    await expect(theirs.last()).toContainText(t.line);
    await expect(theirs.last()).toContainText(t.help);
    await expect(page.getByTestId('age-review')).toBeHidden();
  });

  test(`"I'm 15" locks the account for age review; the operator restores it (${language})`, async ({
    page,
    browser,
  }) => {
    // Two browsers and many steps: near the 60 s limit on a loaded two-core machine.
    test.slow();
    const user = await userIn(page, `minor-${language}`, language);
    const chatId = await openChat(user, 0);
    await page.goto(`/chat/${chatId}`);
    await expect(page.locator('[data-testid="message"][data-self="false"]').first()).toBeVisible();
    await say(page, t.minor);

    // The safety_hold event opens the blocking screen at once.
    const lock = page.getByTestId('age-review');
    await expect(lock).toBeVisible({ timeout: 15_000 });
    await expect(lock).toContainText(t.review);
    // ... and it survives a reload; the API refuses writes.
    await page.reload();
    await expect(page.getByTestId('age-review')).toBeVisible();
    const refused = await page.request.post(`/api/chat/send/${chatId}`, {
      headers: user.headers,
      data: { message: { message: 'hello' }, type: 'text' },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('AGE_REVIEW');

    // The operator sees it under Safety events and restores the account.
    const operator = await operatorPage(browser);
    await operator.page.getByTestId('admin-nav-safety').click();
    const row = operator.page.locator(`[data-testid="admin-safety-event"][data-user="${user.userId}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('admin-safety-excerpt')).toContainText(t.excerpt);
    await row.getByTestId('admin-safety-restore').click();
    await expect(row.getByTestId('admin-safety-hold')).toBeVisible();
    await operator.context.close();

    // The safety_released event lifts the screen; writing works again.
    await expect(page.getByTestId('age-review')).toBeHidden();
    const again = await page.request.post(`/api/chat/send/${chatId}`, {
      headers: user.headers,
      data: { message: { message: 'hello again' }, type: 'text' },
    });
    expect(again.status()).toBe(200);
  });
}
