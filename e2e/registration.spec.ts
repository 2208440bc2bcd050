import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminToken, ageVerified, signedIn, uniqueEmail } from './fixtures.ts';

/** Registration flows (SPEC §2, §4, §8): a landing page's registration token signs the visitor in. */
async function issueToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/admin/registration-tokens', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { email: uniqueEmail('landing'), source: 'e2e-landing' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { registrationToken: string }).registrationToken;
}

test('a registration link signs a New visitor in and sends them to the paywall once', async ({
  page,
  request,
}) => {
  await ageVerified(page.context());
  const token = await issueToken(request);
  await page.goto(`/chat?registration_token=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/\/paywall$/);
  await expect(page.getByTestId('pack-card').first()).toBeVisible();

  // Once: going home afterwards (and reloading) stays home, still signed in.
  await page.goto('/');
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toContainText('500');
  await expect(page).toHaveURL(/\/wallet$/);
});

test('/set-tokens keeps a session handed over by a landing page and goes on', async ({ page, request }) => {
  await ageVerified(page.context());
  const token = await issueToken(request);
  const exchanged = await request.post('/api/auth/exchange-token', { data: { registration_token: token } });
  expect(exchanged.status()).toBe(200);
  const body = (await exchanged.json()) as { token: string; refreshToken: string };
  await page.goto(
    `/set-tokens?token=${encodeURIComponent(body.token)}&refreshToken=${encodeURIComponent(body.refreshToken)}`,
  );
  // Home once the user loads, then the registration rule takes a New user to the paywall.
  await expect(page).toHaveURL(/\/paywall$/);
  // The session survives a reload (the refresh cookie is this browser's now).
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toContainText('500');
});

test('a used or bad token shows “Failed to exchange token”', async ({ page, request }) => {
  await ageVerified(page.context());
  await page.goto(`/set-tokens?token=nope&refreshToken=${'x'.repeat(43)}`);
  await expect(page.getByText('Failed to exchange token')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const token = await issueToken(request);
  expect(
    (await request.post('/api/auth/exchange-token', { data: { registration_token: token } })).status(),
  ).toBe(200);
  await page.goto(`/?registration_token=${encodeURIComponent(token)}`);
  await expect(page.getByText('Failed to exchange token')).toBeVisible();
  await expect(page).not.toHaveURL(/registration_token/);
});

test('login CSRF: /set-tokens names the other account and asks before switching; its code works once', async ({
  page,
  request,
}) => {
  const visitor = await signedIn(page, 'visitor');
  const handOver = async () => {
    const token = await issueToken(request);
    const res = await request.post('/api/auth/exchange-token', { data: { registration_token: token } });
    expect(res.status()).toBe(200);
    return (await res.json()) as { refreshToken: string; user: { email: string } };
  };
  // Whose session this browser's cookie holds.
  const profileEmail = async () => {
    const refreshed = await page.request.post('/api/auth/refresh');
    const { accessToken } = (await refreshed.json()) as { accessToken: string };
    const me = await page.request.get('/api/user', { headers: { authorization: `Bearer ${accessToken}` } });
    return ((await me.json()) as { user: { email: string } }).user.email;
  };

  // Staying keeps the visitor's own session.
  const first = await handOver();
  await page.goto(`/set-tokens?refreshToken=${encodeURIComponent(first.refreshToken)}`);
  const ask = page.getByTestId('switch-account-dialog');
  await expect(ask).toContainText(first.user.email);
  await expect(ask).toContainText(visitor.email);
  await page.getByTestId('switch-account-stay').click();
  await expect(page).toHaveURL(/\/$/);
  expect(await profileEmail()).toContain(visitor.email);

  // Confirming switches; the same link a second time is refused.
  const second = await handOver();
  const link = `/set-tokens?refreshToken=${encodeURIComponent(second.refreshToken)}`;
  await page.goto(link);
  await page.getByTestId('switch-account-confirm').click();
  await expect(page).toHaveURL(/\/paywall$/);
  await page.goto(link);
  await expect(page.getByText('Failed to exchange token')).toBeVisible();
});
