import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/** Promo codes: bonus tokens at once, or a discount waiting for the next checkout (with a copy button). */
const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password' };
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

async function createCode(request: APIRequestContext, body: Record<string, unknown>): Promise<string> {
  const signIn = await request.post('/api/auth/sign-in', { data: ADMIN });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const code = `E2E${stamp()}`;
  const res = await request.post('/api/admin/promo-codes', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { code, ...body },
  });
  expect(res.status()).toBe(201);
  return code;
}

async function signedIn(page: Page): Promise<void> {
  const base = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: 'age_verified', value: 'true', url: base }]);
  const res = await page.request.post('/api/auth/sign-up', {
    data: {
      email: `promo.${stamp().toLowerCase()}@example.com`,
      password: 'a long password 1',
      termsAccepted: true,
    },
  });
  expect(res.status()).toBe(201);
}

test('a bonus code adds tokens in the wallet; using it twice says so', async ({ page, request }) => {
  const code = await createCode(request, { kind: 'bonus_tokens', amount: 1200 });
  await signedIn(page);
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toContainText('500');
  const promo = page.getByTestId('promo-code');
  await promo.getByLabel('Promo code', { exact: true }).fill(code.toLowerCase());
  await promo.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('promo-result')).toHaveText('Done! 1 200 tokens were added to your balance.');
  await expect(page.getByTestId('wallet-balance')).toContainText('1 700');

  await promo.getByLabel('Promo code', { exact: true }).fill(code);
  await promo.getByRole('button', { name: 'Apply' }).click();
  await expect(promo.getByRole('alert')).toHaveText('You have already used this promo code');
});

test('a discount code waits for the next checkout on the paywall; copying it shows the toast', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const code = await createCode(request, { kind: 'discount_percent', amount: 15 });
  await signedIn(page);
  await page.goto('/paywall');
  const promo = page.getByTestId('promo-code');
  await promo.getByLabel('Promo code', { exact: true }).fill(code);
  await promo.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('promo-result')).toHaveText('Done! You get 15% off your next purchase.');
  await expect(page.getByTestId('promo-pending')).toContainText(code);
  await page
    .getByTestId('promo-pending')
    .getByRole('button', { name: `Copy promo code ${code}` })
    .click();
  await expect(page.getByText('Promo code successfully copied')).toBeVisible();

  const unknown = 'NOPE' + stamp();
  await promo.getByLabel('Promo code', { exact: true }).fill(unknown);
  await promo.getByRole('button', { name: 'Apply' }).click();
  await expect(promo.getByRole('alert')).toHaveText('Unknown promo code');
});
