import { expect, test, type Page } from '@playwright/test';
import { openChat, payingUser } from './fixtures.ts';

/**
 * The companion (issue 3, part A): a paying user opens the gift picker in the chat, sends her a
 * gift, and watches the relationship points rise; enough gifts raise the level, which appears in
 * the chat. The quick actions follow her mood; a locked one says "Available at level X".
 */
const pointsOf = async (page: Page) => {
  const text = (await page.getByTestId('level-bar').first().textContent()) ?? '';
  return Number(/(\d+)\/65/.exec(text)?.[1] ?? NaN);
};

test('send her a gift and watch the points rise; enough gifts raise the level', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await payingUser(page, 'companion');
  const chatId = await openChat(api, 1);
  await page.goto(`/chat/${chatId}`);
  await expect(page.getByTestId('conversation')).toBeVisible();
  expect(await pointsOf(page)).toBe(0);

  // A locked quick action says when it opens.
  await page.getByTestId('commands-toggle').click();
  await expect(page.getByTestId('commands-panel')).toHaveAttribute('data-state', 'commands');
  await expect(page.getByTestId('quick-reload')).toBeVisible();

  // The gift picker lists the six gifts with their prices.
  await page.getByTestId('gift-toggle').click();
  await expect(page.getByTestId('commands-panel')).toHaveAttribute('data-state', 'gift');
  await expect(page.getByTestId('gift-flowers')).toContainText('30');
  await expect(page.getByTestId('gift-jewelry')).toContainText('75');
  const tokensBefore = (
    (await (await api.request.get('/api/user', { headers: api.headers })).json()) as {
      user: { tokens: number };
    }
  ).user.tokens;
  await page.getByTestId('gift-flowers').click();
  await expect(page.getByTestId('commands-panel')).toHaveAttribute('data-state', 'empty');
  await expect.poll(() => pointsOf(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
  // Her thank-you arrives and the chat unlocks.
  await expect(page.getByTestId('conversation')).not.toHaveAttribute('data-locked', 'true', {
    timeout: 15_000,
  });
  const tokensAfter = (
    (await (await api.request.get('/api/user', { headers: api.headers })).json()) as {
      user: { tokens: number };
    }
  ).user.tokens;
  expect(tokensAfter).toBe(tokensBefore - 30);

  // Jewelry until level 2: the level change appears in the chat.
  for (let i = 0; i < 3 && (await pointsOf(page)) < 20; i++) {
    const before = await pointsOf(page);
    await page.getByTestId('gift-toggle').click();
    await page.getByTestId('gift-jewelry').click();
    // Accepted (the panel closes), her points rise, then her thank-you unlocks the chat.
    await expect(page.getByTestId('commands-panel')).toHaveAttribute('data-state', 'empty');
    await expect.poll(() => pointsOf(page), { timeout: 15_000 }).toBeGreaterThan(before);
    await expect(page.getByTestId('conversation')).not.toHaveAttribute('data-locked', 'true', {
      timeout: 15_000,
    });
  }
  await expect.poll(() => pointsOf(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(20);
  await expect(page.getByTestId('level-bar').first()).toHaveAttribute('data-level', '2');
  await expect(page.locator('[data-testid="system-message"][data-event="level_up"]')).toContainText(
    'level 2',
  );
});
