import { expect, test, type Page } from '@playwright/test';

/** The shell (issue 5): the selected-model popup, page titles, the install icon, the language on first paint. */
const uniqueEmail = () =>
  `shell3.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;

async function skipAgeGate(page: Page): Promise<void> {
  const base = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: 'age_verified', value: 'true', url: base }]);
}

type BotInfo = { _id: string; remote_id: number; name: string; age: number };
async function aBot(page: Page): Promise<BotInfo> {
  const bots = ((await (await page.request.get('/api/bots')).json()) as { data: BotInfo[] }).data;
  return bots.find((b) => b.remote_id > 0)!;
}

test('?popup=selected-model shows the character to a guest; her chat button asks to sign up, nested', async ({
  page,
}) => {
  await skipAgeGate(page);
  const bot = await aBot(page);
  await page.goto(`/?popup=selected-model&remote_id=${bot.remote_id}`);
  const dialog = page.getByTestId('selected-model-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: `${bot.name}, ${bot.age}` })).toBeVisible();
  await expect(dialog.getByTestId('selected-model')).toHaveAttribute('data-remote-id', String(bot.remote_id));

  // A guest's chat click opens sign-up over the profile (the nested second parameter).
  await dialog.getByTestId('selected-model-chat').click();
  const signUp = page.getByTestId('sign-up-dialog');
  await expect(signUp).toBeVisible();
  await expect(page).toHaveURL(/popup=selected-model/);
  await expect(page).toHaveURL(/nested=sign-up/);
  // Closing sign-up returns to the character; closing that leaves a clean address.
  await page.keyboard.press('Escape');
  await expect(signUp).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(page).not.toHaveURL(/nested=/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/popup=|remote_id=/);

  // Signing up from the nested popup keeps the profile; the button then opens the chat.
  await page.goto(`/?popup=selected-model&remote_id=${bot.remote_id}`);
  await page.getByTestId('selected-model-chat').click();
  await signUp.getByLabel('Email').fill(uniqueEmail());
  await signUp.getByLabel('Password', { exact: true }).fill('a long password 1');
  await signUp.getByRole('checkbox').check();
  await signUp.getByRole('button', { name: 'Create account' }).click();
  // New users are onboarded first (the character is remembered for after).
  await expect(page).toHaveURL(/\/onboarding\/welcome/);
});

test('an unknown or malformed remote_id says the character is not found', async ({ page }) => {
  await skipAgeGate(page);
  for (const id of ['999999', 'abc', '0']) {
    await page.goto(`/?popup=selected-model&remote_id=${id}`);
    const dialog = page.getByTestId('selected-model-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('selected-model-missing')).toBeVisible();
  }
});

test("a home card's details open her profile popup, its chat button still starts the chat; in a chat, her avatar does", async ({
  page,
}) => {
  await skipAgeGate(page);
  await page.goto('/');
  const card = page.getByTestId('model-card').nth(1);
  const botId = await card.getAttribute('data-bot-id');
  const bots = ((await (await page.request.get('/api/bots')).json()) as { data: BotInfo[] }).data;
  const remoteId = bots.find((b) => b._id === botId)!.remote_id;
  await card.getByTestId('model-card-profile').click();
  const dialog = page.getByTestId('selected-model-dialog');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`popup=selected-model&remote_id=${remoteId}`));
  await expect(dialog.getByTestId('selected-model')).toHaveAttribute('data-remote-id', String(remoteId));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The chat button (her portrait) asks a guest to sign up, without the profile in between.
  await card.getByRole('button').click();
  await expect(page.getByTestId('sign-up-dialog')).toBeVisible();
  await expect(page).toHaveURL(/[?&]popup=sign-up/);
  await expect(dialog).toBeHidden();

  // Signed in, in her chat: the avatar in the header opens the same popup over the conversation.
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { email: uniqueEmail(), password: 'a long password 1', termsAccepted: true },
  });
  const { accessToken } = (await signUp.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  await page.request.post('/api/user/update', {
    headers,
    data: { name: 'Robin', age: 30, sex: 'male', country: 'DE' },
  });
  const bot = await aBot(page);
  const chat = await page.request.post('/api/chat', { headers, data: { botId: bot._id } });
  expect(chat.status()).toBe(201);
  const chatId = ((await chat.json()) as { data: { chat: { _id: string } } }).data.chat._id;
  await page.goto(`/chat/${chatId}`);
  await page.getByTestId('chat-avatar-profile').click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('selected-model')).toHaveAttribute('data-remote-id', String(bot.remote_id));
  await expect(page).toHaveURL(
    new RegExp(`/chat/${chatId}\\?popup=selected-model&remote_id=${bot.remote_id}`),
  );
});

/** Every route names itself in the tab: `<page> · Amora`, different from home's. */
test('page titles for every route', async ({ page }) => {
  test.setTimeout(90_000);
  await skipAgeGate(page);
  /** A page's own title: anything but home's (and not the bare app name). */
  const own = /^(?!AI companions ).+ · Amora$/;
  let inApp = false;
  const titled = async (path: string, expected: string | RegExp) => {
    // Signed in, move inside the app (as a user does) rather than reloading for every page.
    if (inApp) {
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    } else await page.goto(path);
    await expect(page).toHaveTitle(typeof expected === 'string' ? `${expected} · Amora` : expected);
  };
  await titled('/', 'AI companions');
  await titled('/auth/signin', 'Sign in');
  await titled('/auth/signup', 'Create account');
  await titled('/auth/recovery', 'Reset password');
  await titled('/profile/faq', own);
  await titled('/no-access', own);
  await titled('/no-such-page', 'Page not found');

  const res = await page.request.post('/api/auth/sign-up', {
    data: { email: uniqueEmail(), password: 'a long password 1', termsAccepted: true },
  });
  expect(res.status()).toBe(201);
  const headers = { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
  await page.goto('/');
  await titled('/onboarding/welcome', 'Welcome');
  expect(
    (
      await page.request.post('/api/user/update', {
        headers,
        data: { name: 'Robin', age: 30, sex: 'male', country: 'DE' },
      })
    ).ok(),
  ).toBe(true);
  const bot = await aBot(page);
  const created = await page.request.post('/api/chat', { headers, data: { botId: bot._id } });
  expect(created.status()).toBe(201);
  const chatId = ((await created.json()) as { data: { chat: { _id: string } } }).data.chat._id;

  await page.goto('/profile');
  inApp = true;
  await titled('/profile', 'Profile');
  await titled('/profile/tasks', own);
  await titled('/chat', 'Chats');
  await titled(`/chat/${chatId}`, bot.name);
  await titled(`/chat/${chatId}/info`, new RegExp(`${bot.name}.* · Amora$`));
  await titled(`/chat/${chatId}/feedback`, own);
  await titled('/wallet', 'Wallet');
  await titled('/paywall', own);
});

test.describe('the install icon in the phone navigation', () => {
  test.skip(({ isMobile }) => !isMobile, 'the bottom navigation is for phones');

  test('shown in the browser; the browser install prompt opens from it', async ({ page }) => {
    await skipAgeGate(page);
    await page.goto('/');
    const icon = page.getByTestId('bottom-nav-install');
    await expect(icon).toBeVisible();
    // The browser offers its prompt: the icon shows it and an accepted install hides the icon.
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
        prompt: () => Promise<void>;
        userChoice: Promise<{ outcome: string }>;
      };
      event.prompt = () => {
        (window as unknown as { prompted: boolean }).prompted = true;
        return Promise.resolve();
      };
      event.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(event);
    });
    await icon.click();
    expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
    await expect(icon).toBeHidden();
  });

  test('without a browser prompt it explains how to install', async ({ page }) => {
    await skipAgeGate(page);
    await page.goto('/');
    await page.getByTestId('bottom-nav-install').click();
    await expect(page.getByText(/To install Amora/)).toBeVisible();
  });

  test('hidden in the installed app (display-mode standalone)', async ({ page }) => {
    await skipAgeGate(page);
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query.includes('display-mode: standalone')
          ? { ...original(query), matches: true, media: query }
          : original(query);
    });
    await page.goto('/');
    await expect(page.getByTestId('bottom-nav-home')).toBeVisible();
    await expect(page.getByTestId('bottom-nav-install')).toHaveCount(0);
  });

  test('hidden in the Telegram mini app', async ({ page }) => {
    await skipAgeGate(page);
    await page.addInitScript(() => {
      const noop = () => undefined;
      (window as unknown as { Telegram: unknown }).Telegram = {
        WebApp: {
          initData: 'query_id=forged&auth_date=1&hash=00',
          initDataUnsafe: {},
          platform: 'android',
          colorScheme: 'dark',
          themeParams: {},
          ready: noop,
          expand: noop,
          BackButton: { show: noop, hide: noop, onClick: noop, offClick: noop },
          onEvent: noop,
        },
      };
    });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-platform', 'telegram');
    await expect(page.getByTestId('bottom-nav-home')).toBeVisible();
    await expect(page.getByTestId('bottom-nav-install')).toHaveCount(0);
  });
});

test('containers by width: desktop content at most 1200 px, phone navigation below 768 px', async ({
  page,
}) => {
  await skipAgeGate(page);
  for (const [width, phone] of [
    [1600, false],
    [1280, false],
    [820, false],
    [390, true],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect(page.getByTestId('model-card').first()).toBeVisible();
    const mainWidth = await page.locator('main').evaluate((el) => el.getBoundingClientRect().width);
    expect(mainWidth).toBeLessThanOrEqual(1200);
    await expect(page.getByTestId('bottom-nav-home')).toBeVisible({ visible: phone });
  }
});

test('a visitor whose language is Russian gets Russian on the first paint', async ({ page }) => {
  await skipAgeGate(page);
  await page.addInitScript(() => localStorage.setItem('amora.language', 'ru'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page).toHaveTitle('AI-компаньоны · Amora');
  await expect(page.getByTestId('model-card').first()).toBeVisible();
});

test('Russian at phone width: the paywall, the top bar after a purchase and the operator console fit the screen', async ({
  page,
}) => {
  await skipAgeGate(page);
  await page.addInitScript(() => localStorage.setItem('amora.language', 'ru'));
  await page.setViewportSize({ width: 390, height: 844 });
  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  // A user: the plan cards, two to a row, keep long Russian words and old prices inside.
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { email: uniqueEmail(), password: 'a long password 1', termsAccepted: true },
  });
  const { accessToken } = (await signUp.json()) as { accessToken: string };
  await page.request.post('/api/user/update', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { name: 'Константин', age: 30, sex: 'male', country: 'DE' },
  });
  await page.goto('/paywall');
  await expect(page.getByTestId('pack-card').first()).toBeVisible();
  expect(await sideways()).toBe(0);

  // After a purchase: a four-digit balance and the support button share the top bar with the language.
  await page.locator('[data-testid="pack-card"][data-pack-id="pack-m"]').click();
  await page.getByTestId('pay-by-card').click();
  await page.getByTestId('continue-to-payment').click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('paywall-success')).toBeVisible({ timeout: 20_000 });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Поддержка' })).toBeVisible();
  await expect(page.getByTestId('token-balance')).toHaveAttribute('data-tokens', '1050');
  expect(await sideways()).toBe(0);
  // A tablet: the navigation is in the top bar too; the balance stays on one line.
  await page.setViewportSize({ width: 820, height: 1180 });
  await expect(page.getByTestId('nav-models')).toBeVisible();
  const balance = await page.getByTestId('token-balance').boundingBox();
  expect(balance!.height).toBeLessThanOrEqual(40);
  expect(await sideways()).toBe(0);
  await page.setViewportSize({ width: 390, height: 844 });

  // The operator: the console header's "Вернуться в приложение" wraps instead of overflowing.
  await page.request.post('/api/auth/logout');
  await page.goto('/admin/users');
  await page.locator('input[type=email]').fill('e2e-admin@example.com');
  await page.locator('input[type=password]').fill('e2e admin password');
  await page.locator('form button[type=submit]').click();
  await expect(page.getByTestId('admin-console')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Вернуться в приложение')).toBeVisible();
  expect(await sideways()).toBe(0);
});

test('Russian at phone width: the onboarding country step fits the screen', async ({ page }) => {
  await skipAgeGate(page);
  await page.addInitScript(() => localStorage.setItem('amora.language', 'ru'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.request.post('/api/auth/sign-up', {
    data: { email: uniqueEmail(), password: 'a long password 1', termsAccepted: true },
  });
  await page.goto('/onboarding/country');
  await expect(page.getByLabel('Страна')).toBeVisible();
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBe(0);
});
