import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The companion (issue 3, part A): a paying user opens the gift picker in the chat, sends her a
 * gift, and watches the relationship points rise; enough gifts raise the level, which appears in
 * the chat. The quick actions follow her mood; a locked one says "Available at level X".
 */
type Api = { request: APIRequestContext; headers: Record<string, string> };

async function payingUser(page: Page): Promise<Api> {
  const base = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: 'age_verified', value: 'true', url: base }]);
  const email = `companion.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const res = await page.request.post('/api/auth/sign-up', {
    data: { email, password: 'a long password 1', termsAccepted: true },
  });
  expect(res.status()).toBe(201);
  const { accessToken } = (await res.json()) as { accessToken: string };
  const api = { request: page.request, headers: { authorization: `Bearer ${accessToken}` } };
  const update = await page.request.post('/api/user/update', {
    headers: api.headers,
    data: { name: 'Robin', age: 30, sex: 'male', country: 'DE' },
  });
  expect(update.ok()).toBe(true);
  // Gifts are for users who have paid once (SPEC §6): buy a pack with the sandbox test card.
  const purchase = await page.request.post('/api/payment/purchase', {
    headers: api.headers,
    data: { packId: 'pack-m' },
  });
  expect(purchase.ok()).toBe(true);
  const { checkoutUrl } = (await purchase.json()) as { checkoutUrl: string };
  await page.goto(checkoutUrl);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('paywall-success')).toBeVisible({ timeout: 20_000 });
  return api;
}

async function openChat(api: Api): Promise<string> {
  const bots = ((await (await api.request.get('/api/bots')).json()) as { data: { _id: string }[] }).data;
  const created = await api.request.post('/api/chat', {
    headers: api.headers,
    data: { botId: bots[1]!._id },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { chat: { _id: string } } }).data.chat._id;
}

const pointsOf = async (page: Page) => {
  const text = (await page.getByTestId('level-bar').first().textContent()) ?? '';
  return Number(/(\d+)\/65/.exec(text)?.[1] ?? NaN);
};

test('send her a gift and watch the points rise; enough gifts raise the level', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await payingUser(page);
  const chatId = await openChat(api);
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
