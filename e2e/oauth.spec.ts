import { expect, test, type Page } from '@playwright/test';
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { startOAuthFake, type OAuthFake } from '../apps/server/src/modules/oauth/oauth-fake.ts';
import { EXCLUSIVE } from './exclusive.ts';
import { ageVerified, uniqueEmail } from './fixtures.ts';
import { ownServerBase, startOwnServer, type OwnServer } from './own-server.ts';

/*
 * Sign-in providers in the browser (decision 110). The main e2e server enables none, so its sign-in
 * screen has no provider buttons. A second Amora server (the built app) is configured with all five
 * providers pointing at a loopback fake provider on `localhost` (another site than 127.0.0.1, so
 * Apple's form_post is a real cross-site POST): a person clicks a provider, the fake approves, and
 * they land back in Amora signed in, in English and in Russian, at desktop and phone sizes.
 */

test('no provider is configured: the sign-in and sign-up screens show no provider buttons', async ({
  page,
}) => {
  await ageVerified(page.context());
  await page.goto('/auth/signin');
  await expect(page.getByTestId('sign-in-form')).toBeVisible();
  await page.goto('/auth/signup');
  await expect(page.getByTestId('sign-up-form')).toBeVisible();
  await expect(page.getByTestId('oauth-providers')).toHaveCount(0);
  expect(await (await page.request.get('/api/auth/providers')).json()).toEqual({ providers: [] });
});

test.describe('with providers configured', EXCLUSIVE, () => {
  const base = ownServerBase(7);
  let fake: OAuthFake;
  let server: OwnServer | undefined;

  test.beforeAll(async () => {
    // A fresh embedded database is migrated and seeded first: slow on a busy machine.
    test.setTimeout(240_000);
    const apple = await generateKeyPair('ES256', { extractable: true });
    fake = await startOAuthFake({
      host: 'localhost',
      clients: {
        google: { clientId: 'e2e-google', clientSecret: 'e2e-google-secret' },
        facebook: { clientId: 'e2e-facebook', clientSecret: 'e2e-facebook-secret' },
        discord: { clientId: 'e2e-discord', clientSecret: 'e2e-discord-secret' },
        x: { clientId: 'e2e-x', clientSecret: 'e2e-x-secret' },
        apple: {
          clientId: 'com.example.e2e',
          applePublicKeyPem: await exportSPKI(apple.publicKey),
          appleTeamId: 'E2ETEAM001',
          appleKeyId: 'E2EKEY0001',
        },
      },
    });
    server = await startOwnServer({
      portOffset: 7,
      name: 'oauth',
      startTimeoutMs: 230_000,
      env: {
        GOOGLE_CLIENT_ID: 'e2e-google',
        GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
        OAUTH_GOOGLE_URL: fake.base('google'),
        FACEBOOK_CLIENT_ID: 'e2e-facebook',
        FACEBOOK_CLIENT_SECRET: 'e2e-facebook-secret',
        OAUTH_FACEBOOK_URL: fake.base('facebook'),
        DISCORD_CLIENT_ID: 'e2e-discord',
        DISCORD_CLIENT_SECRET: 'e2e-discord-secret',
        OAUTH_DISCORD_URL: fake.base('discord'),
        X_CLIENT_ID: 'e2e-x',
        X_CLIENT_SECRET: 'e2e-x-secret',
        OAUTH_X_URL: fake.base('x'),
        APPLE_CLIENT_ID: 'com.example.e2e',
        APPLE_TEAM_ID: 'E2ETEAM001',
        APPLE_KEY_ID: 'E2EKEY0001',
        APPLE_PRIVATE_KEY: await exportPKCS8(apple.privateKey),
        OAUTH_APPLE_URL: fake.base('apple'),
      },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  async function visit(page: Page, path: string, language: 'en' | 'ru'): Promise<void> {
    await page.context().addCookies([{ name: 'age_verified', value: 'true', url: base }]);
    await page.addInitScript((lang) => localStorage.setItem('amora.language', lang), language);
    await page.goto(`${base}${path}`);
  }

  test('English: Google on the sign-in screen creates the account and lands signed in', async ({ page }) => {
    const email = uniqueEmail('google');
    fake.signInAs('google', { sub: `g-${email}`, email, emailVerified: true, name: 'Maria Smith' });
    await visit(page, '/auth/signin', 'en');
    const buttons = page.getByTestId('oauth-providers');
    await expect(buttons).toBeVisible();
    for (const p of ['google', 'facebook', 'apple', 'discord', 'x'])
      await expect(buttons.getByTestId(`oauth-${p}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue with Google' })).toBeVisible();
    await page.getByTestId('oauth-google').click();
    await expect(page).toHaveURL(`${base}/`);
    await page.goto(`${base}/profile`);
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    await expect(page.getByTestId('linked-google')).toBeVisible();
    await expect(page.getByTestId('linked-providers')).toContainText('Sign-in methods');
  });

  test('Russian: Apple on the sign-up screen (after the terms box) — a cross-site form_post — signs in', async ({
    page,
  }) => {
    const email = uniqueEmail('apple');
    fake.signInAs('apple', { sub: `a-${email}`, email, emailVerified: true, name: 'Анна Петрова' });
    await visit(page, '/auth/signup', 'ru');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByText('или войдите через')).toBeVisible();
    await page.getByRole('link', { name: 'Продолжить через Apple' }).click();
    // The terms come first on sign-up.
    await expect(page.locator('#terms-error')).toHaveText('Чтобы продолжить, примите условия');
    await expect(page).toHaveURL(`${base}/auth/signup`);
    await page.getByTestId('sign-up-form').getByRole('checkbox').check();
    await page.getByTestId('oauth-apple').click();
    await expect(page).toHaveURL(`${base}/`);
    await page.goto(`${base}/profile`);
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    await expect(page.getByTestId('linked-providers')).toContainText('Способы входа');
    await expect(page.getByTestId('linked-apple')).toBeVisible();
  });

  test('a cancelled sign-in comes back to the sign-in screen with the reason, in English and Russian', async ({
    page,
  }) => {
    fake.denyNext('discord');
    await visit(page, '/auth/signin', 'en');
    await page.getByTestId('oauth-discord').click();
    await expect(page).toHaveURL(/\/auth\/signin\?oauth_error=denied&provider=discord$/);
    await expect(page.getByTestId('auth-error')).toHaveText('Sign-in with Discord was cancelled.');
    fake.denyNext('x');
    await page.addInitScript(() => localStorage.setItem('amora.language', 'ru'));
    await page.goto(`${base}/auth/signin`);
    await page.getByTestId('oauth-x').click();
    await expect(page.getByTestId('auth-error')).toHaveText('Вход через X отменён.');
  });

  test('English: a password account connects Discord from the profile, then disconnects it', async ({
    page,
  }) => {
    await page.context().addCookies([{ name: 'age_verified', value: 'true', url: base }]);
    const res = await page.request.post(`${base}/api/auth/sign-up`, {
      data: {
        email: uniqueEmail('link'),
        password: 'a long password 1',
        termsAccepted: true,
        language: 'en',
      },
    });
    expect(res.status()).toBe(201);
    fake.signInAs('discord', { sub: `d-link-${Date.now()}` });
    await visit(page, '/profile', 'en');
    const methods = page.getByTestId('linked-providers');
    await expect(methods).toContainText('Sign-in methods');
    await expect(methods.getByTestId('unlinked-discord')).toContainText('Not connected');
    await methods.getByRole('button', { name: 'Connect Discord' }).click();
    await expect(page).toHaveURL(`${base}/profile`);
    await expect(page.getByTestId('oauth-notice')).toHaveText(
      'Discord is connected: you can sign in with it from now on.',
    );
    await expect(methods.getByTestId('linked-discord')).toBeVisible();
    await methods.getByRole('button', { name: 'Disconnect Discord' }).click();
    await expect(page.getByTestId('oauth-notice')).toHaveText('Discord is disconnected.');
    await expect(methods.getByTestId('unlinked-discord')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('Russian: an account made with Google connects X, and its last way to sign in stays', async ({
    page,
  }) => {
    const email = uniqueEmail('googleru');
    fake.signInAs('google', { sub: `g-${email}`, email, emailVerified: true, name: 'Ольга' });
    await visit(page, '/auth/signin', 'ru');
    await page.getByTestId('oauth-google').click();
    await expect(page).toHaveURL(`${base}/`);
    fake.signInAs('x', { sub: `x-${email}` });
    await page.goto(`${base}/profile`);
    const methods = page.getByTestId('linked-providers');
    await methods.getByRole('button', { name: 'Подключить X' }).click();
    await expect(page.getByTestId('oauth-notice')).toHaveText(
      'X подключён: теперь вы можете входить через него.',
    );
    await methods.getByRole('button', { name: 'Отключить X' }).click();
    await expect(page.getByTestId('oauth-notice')).toHaveText('X отключён.');
    await methods.getByRole('button', { name: 'Отключить Google' }).click();
    await expect(page.getByTestId('oauth-notice')).toContainText('Это ваш единственный способ входа');
    await expect(methods.getByTestId('linked-google')).toBeVisible();
  });
});
