import { expect, test } from '@playwright/test';
import { payWith, signedIn } from './fixtures.ts';

/**
 * Private albums (issue 11 item 2): a user with no subscription opens /album, sees the always-open
 * categories (non-explicit, lingerie) and the locked ones with a price, unlock and subscribe; unlocks
 * one with tokens and looks through it in the viewer (keyboard and swipe); then subscribes with the
 * sandbox card and finds every category open. In English and in Russian, on desktop and on a phone.
 */
const texts = {
  en: { body: 'Body', unlock: /^Unlock for 150$/, subscribe: 'Subscribe', lead: 'Her private photos' },
  ru: { body: 'Тело', unlock: /^Открыть за 150$/, subscribe: 'Оформить подписку', lead: 'Её приватные фото' },
} as const;

for (const language of ['en', 'ru'] as const) {
  test(`albums (${language}): always-open and locked categories, unlock with tokens, the viewer, then a subscription opens all`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const l = texts[language];
    const user = await signedIn(page, `album-${language}`, { language });
    const update = await page.request.post('/api/user/update', {
      headers: user.headers,
      data: { name: 'Robin', age: 30, sex: 'male', country: 'DE' },
    });
    expect(update.ok()).toBe(true);

    await page.goto('/album');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByTestId('album-page')).toContainText(l.lead);
    const first = page.locator('[data-testid^="album-categories-"]').first();
    await expect(first).toBeVisible();
    for (const open of ['non-explicit', 'lingerie']) {
      const card = first.getByTestId(`album-category-${open}`);
      await expect(card).toBeVisible();
      await expect(card).not.toHaveAttribute('data-locked', 'true');
    }
    const body = first.getByTestId('album-category-body');
    await expect(body).toHaveAttribute('data-locked', 'true');
    await expect(body).toContainText(l.body);
    await expect(body.getByTestId('album-subscribe-body')).toHaveText(l.subscribe);
    await expect(first.getByTestId('album-category-halloween')).toHaveAttribute('data-locked', 'true');
    // Every card is 166–168 × 240 px.
    const box = await body.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(166);
    expect(box!.width).toBeLessThanOrEqual(168);
    expect(Math.round(box!.height)).toBe(240);

    // Unlock "body" for its price in tokens.
    const unlock = body.getByTestId('album-unlock-body');
    await expect(unlock).toHaveText(l.unlock);
    await unlock.click();
    await expect(body).not.toHaveAttribute('data-locked', 'true');
    const wallet = await page.request.get('/api/wallet', { headers: user.headers });
    const ledger = (await wallet.json()) as { tokens: number; entries: { reason: string; delta: number }[] };
    expect(ledger.entries.filter((e) => e.reason === 'album').map((e) => e.delta)).toEqual([-150]);

    // Its items, in the viewer: arrows, a swipe, Escape.
    await body.getByTestId('album-open-body').click();
    await expect(page).toHaveURL(/\/album\/\d+\?type=body$/);
    const items = page.getByTestId('album-item');
    await expect(items).toHaveCount(2);
    await expect(items.first().locator('img')).toHaveJSProperty('complete', true);
    expect(
      await items
        .first()
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await items.first().click();
    const viewer = page.getByTestId('album-viewer');
    await expect(viewer).toBeVisible();
    await expect(viewer).toHaveAttribute('data-index', '0');
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toHaveAttribute('data-index', '1');
    const vbox = (await viewer.boundingBox())!;
    const y = vbox.y + vbox.height / 2;
    await page.mouse.move(vbox.x + vbox.width * 0.3, y);
    await page.mouse.down();
    await page.mouse.move(vbox.x + vbox.width * 0.8, y, { steps: 4 });
    await page.mouse.up();
    await expect(viewer).toHaveAttribute('data-index', '0');
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    // Subscribe (sandbox card), then every category is open.
    await page.goto('/paywall');
    await page.locator('[data-testid="plan-card"][data-plan-id="plan-monthly"]').click();
    await page.getByTestId('pay-by-card').click();
    await page.getByTestId('continue-to-payment').click();
    await payWith(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('paywall-success')).toBeVisible({ timeout: 20_000 });
    await page.goto('/album');
    await expect(page.locator('[data-testid^="album-categories-"]').first()).toBeVisible();
    await expect(page.locator('[data-testid^="album-category-"][data-locked]')).toHaveCount(0);
    await expect(page.getByTestId('album-subscribe-halloween')).toHaveCount(0);
    await page
      .locator('[data-testid^="album-categories-"]')
      .first()
      .getByTestId('album-open-halloween')
      .click();
    await expect(page.getByTestId('album-item')).toHaveCount(2);
  });
}

test("a guest's album click opens sign-in; the chat's menu leads to her album and back", async ({ page }) => {
  const guest = await page.request.get('/api/bots');
  const bot = ((await guest.json()) as { data: { _id: string; remote_id: number }[] }).data[0]!;
  await page
    .context()
    .addCookies([{ name: 'age_verified', value: 'true', url: test.info().project.use.baseURL! }]);
  await page.goto(`/album/${bot.remote_id}`);
  const card = page.getByTestId('album-category-non-explicit');
  await expect(card).toBeVisible();
  await card.getByTestId('album-open-non-explicit').click();
  await expect(page).toHaveURL(/popup=sign-in/);

  const user = await signedIn(page, 'album-chat');
  await page.request.post('/api/user/update', {
    headers: user.headers,
    data: { name: 'Robin', age: 30, sex: 'male', country: 'DE' },
  });
  const chat = await page.request.post('/api/chat', { headers: user.headers, data: { botId: bot._id } });
  expect(chat.status()).toBe(201);
  const chatId = ((await chat.json()) as { data: { chat: { _id: string } } }).data.chat._id;
  await page.goto(`/chat/${chatId}`);
  await page.getByTestId('commands-toggle').click();
  await page.getByTestId('quick-album').click();
  await expect(page).toHaveURL(new RegExp(`/album/${bot.remote_id}\\?type=non-explicit&chat=${chatId}$`));
  await expect(page.getByTestId('album-item').first()).toBeVisible();
  await page.getByTestId('album-back-to-chat').click();
  await expect(page).toHaveURL(new RegExp(`/chat/${chatId}$`));
});
