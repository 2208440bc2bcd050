import { createHmac } from 'node:crypto';
import { EXCLUSIVE } from './exclusive.ts';
import { expect, test } from '@playwright/test';
import { adminToken, ageVerified, signedIn } from './fixtures.ts';

/** The app around the chat: protected routes, maintenance, profile, FAQ, Telegram and the theme. */
const BOT_TOKEN = '424242:e2e-telegram-bot-token';

function signInitData(fields: Record<string, string>, botToken: string): string {
  const params = new URLSearchParams(fields);
  const check = [...params.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
  const key = createHmac('sha256', 'WebAppData').update(botToken).digest();
  params.set('hash', createHmac('sha256', key).update(check).digest('hex'));
  return params.toString();
}

test.beforeEach(async ({ page }) => {
  await ageVerified(page.context());
});

test('a guest opening a protected page lands home with the sign-in popup', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/\?popup=sign-in/);
  await expect(page.getByTestId('sign-in-dialog')).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test(
  'maintenance: the screen appears while the flag is on and the Refresh button brings the app back',
  EXCLUSIVE,
  async ({ page, request }) => {
    const token = await adminToken(request);
    const set = (maintenance: boolean) =>
      request.put('/api/admin/maintenance', {
        headers: { authorization: `Bearer ${token}` },
        data: { maintenance },
      });
    try {
      expect((await set(true)).ok()).toBe(true);
      await page.goto('/');
      const screen = page.getByTestId('maintenance');
      await expect(screen).toBeVisible();
      await expect(screen).toContainText('Sorry service under construction');
      await expect(screen).toContainText('We are currently performing scheduled maintenance.');
      await expect(screen).toContainText('Checking status every 5 minutes');
      await expect(page.getByTestId('maintenance-refresh')).toBeFocused();
    } finally {
      await set(false);
    }
    await page.getByTestId('maintenance-refresh').click();
    await expect(page.getByTestId('model-card').first()).toBeVisible();
    await expect(page.getByTestId('maintenance')).toHaveCount(0);
  },
);

test('profile: edit the profile, read the FAQ, then delete the account', async ({ page }) => {
  const { email } = await signedIn(page, 'shell');
  await page.goto('/profile');
  await page.getByTestId('edit-profile').click();
  const dialog = page.getByTestId('edit-profile-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Two Words');
  await dialog.getByRole('textbox', { name: 'Age' }).fill('31');
  await dialog.getByRole('radio', { name: 'Woman' }).check();
  await dialog.getByRole('combobox', { name: 'Country' }).selectOption('FR');
  await dialog.getByTestId('edit-profile-save').click();
  await expect(dialog.getByText(/first name/i)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Camille');
  await dialog.getByTestId('edit-profile-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('profile-name')).toHaveText('Camille');
  await expect(page.getByTestId('profile-age')).toHaveText('31');

  await page.getByTestId('profile-faq').click();
  await expect(page).toHaveURL(/\/profile\/faq$/);
  await expect(page.getByTestId('page-title')).toHaveText('FAQ');
  await expect(page).toHaveTitle(/FAQ/);
  await expect(page.locator('details')).toHaveCount(10);
  await page.getByText('Can the level go down?').click();
  await expect(page.getByText(/loses points and the level can fall/)).toBeVisible();
  await page.getByTestId('page-back').click();
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByTestId('delete-account').click();
  const confirm = page.getByTestId('delete-account-dialog');
  await expect(confirm).toContainText('Are you sure?');
  await confirm.getByTestId('delete-account-confirm').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('header-sign-in')).toBeVisible();
  const again = await page.request.post('/api/auth/sign-in', {
    data: { email, password: 'a long password 1' },
  });
  expect(again.status()).toBe(401);
});

test('chat profile and feedback are reachable from the chat id', async ({ page }) => {
  const { token } = await signedIn(page, 'shell');
  const bots = (
    (await (await page.request.get('/api/bots')).json()) as { data: { _id: string; name: string }[] }
  ).data;
  const created = await page.request.post('/api/chat', {
    headers: { authorization: `Bearer ${token}` },
    data: { botId: bots[0]!._id },
  });
  const chatId = ((await created.json()) as { data: { chat: { _id: string } } }).data.chat._id;
  await page.goto(`/chat/${chatId}/info`);
  await expect(page.getByTestId('chat-info')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(bots[0]!.name);
  await expect(page.getByTestId('chat-info-level')).toContainText('Level 1: Stranger');
  await page.getByTestId('chat-info-feedback').click();
  await expect(page).toHaveURL(new RegExp(`/chat/${chatId}/feedback$`));
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByRole('alert')).toContainText('1 to 5');
  await page.locator('label', { has: page.getByRole('radio', { name: 'Rating: 4 of 5' }) }).click();
  await expect(page.getByRole('radio', { name: 'Rating: 4 of 5' })).toBeChecked();
  await page.getByLabel('Tell us more (optional)').fill('Lovely conversations');
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByTestId('feedback-thanks')).toBeVisible();
});

for (const variant of ['valid', 'forged'] as const) {
  test(`Telegram mini app: ${variant} launch data`, async ({ page }) => {
    const initData = signInitData(
      {
        user: JSON.stringify({
          id: 900000 + Math.floor(Math.random() * 99999),
          first_name: 'Tg',
          username: 'tg',
        }),
        auth_date: String(Math.floor(Date.now() / 1000)),
      },
      variant === 'valid' ? BOT_TOKEN : '1:not-our-bot',
    );
    await page.addInitScript((data) => {
      const noop = () => undefined;
      (window as unknown as { Telegram: unknown }).Telegram = {
        WebApp: {
          initData: data,
          initDataUnsafe: {},
          platform: 'android',
          colorScheme: 'dark',
          themeParams: { bg_color: '#101820' },
          ready: noop,
          expand: noop,
          BackButton: { show: noop, hide: noop, onClick: noop, offClick: noop },
          onEvent: noop,
        },
      };
    }, initData);
    const twa = page.waitForResponse((r) => r.url().endsWith('/api/auth/twa'));
    await page.goto('/');
    expect((await twa).status()).toBe(variant === 'valid' ? 200 : 401);
    await expect(page.locator('html')).toHaveAttribute('data-platform', 'telegram');
    if (variant === 'valid') {
      await expect(page.getByTestId('token-balance').first()).toBeVisible();
      // Not onboarded yet: opening chats sends the Telegram user to onboarding first.
      await page.goto('/chat');
      await expect(page).toHaveURL(/\/onboarding\/welcome/);
    } else {
      await expect(page.getByTestId('header-sign-in')).toBeVisible();
    }
  });
}

test('the Halloween theme follows the theme event', EXCLUSIVE, async ({ page, request }) => {
  const token = await adminToken(request);
  const set = (isActive: boolean) =>
    request.put('/api/admin/themeEvents/event/halloween', {
      headers: { authorization: `Bearer ${token}` },
      data: { isActive },
    });
  try {
    await set(true);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'halloween');
  } finally {
    await set(false);
  }
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'default');
});

test.describe(() => {
  // The other journeys go without the service worker (decision 207).
  test.use({ serviceWorkers: 'allow' });

  test('the installed app: manifest and a service worker from the site root', async ({ page, request }) => {
    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
      name: string;
      display: string;
      icons: { sizes: string }[];
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    await page.goto('/');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/');
  });
});
