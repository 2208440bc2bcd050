import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';

/*
 * What many journeys start from: a visitor past the age gate, a signed-up (and onboarded, and paying)
 * user made through the API, the operator signed in. Plain functions, so that a spec reads top down.
 */

/** The operator account the e2e server starts with (playwright.config.ts). */
export const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password' };

/** A short suffix no other run uses (emails, promo codes, messages). */
export const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** `<prefix>.<stamp>@example.com`: the prefix tells in the server's log which journey made the account. */
export const uniqueEmail = (prefix: string) => `${prefix}.${stamp()}@example.com`;

/** The age gate passed for everything this browser context opens. */
export async function ageVerified(context: BrowserContext): Promise<void> {
  const base = test.info().project.use.baseURL!;
  await context.addCookies([{ name: 'age_verified', value: 'true', url: base }]);
}

/** A user made through the API: the page's request context, the bearer headers, the user's id and email. */
export type Account = {
  request: APIRequestContext;
  headers: Record<string, string>;
  token: string;
  userId: string;
  email: string;
};

/**
 * Signs up through the API in the page's context, past the age gate (the refresh cookie restores the
 * session when the page opens the app). The account is New: not onboarded yet.
 */
export async function signedIn(
  page: Page,
  prefix: string,
  opts: { language?: string } = {},
): Promise<Account> {
  await ageVerified(page.context());
  const email = uniqueEmail(prefix);
  const res = await page.request.post('/api/auth/sign-up', {
    data: { email, password: 'a long password 1', termsAccepted: true, ...opts },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { accessToken: string; user: { _id: string } };
  return {
    request: page.request,
    headers: { authorization: `Bearer ${body.accessToken}` },
    token: body.accessToken,
    userId: body.user._id,
    email,
  };
}

/** Signed in (above) and onboarded: the profile filled in. */
export async function onboardedUser(page: Page, prefix: string): Promise<Account> {
  const account = await signedIn(page, prefix);
  const update = await page.request.post('/api/user/update', {
    headers: account.headers,
    data: { name: 'Robin', age: 30, sex: 'male', country: 'DE' },
  });
  expect(update.ok()).toBe(true);
  return account;
}

/** The sandbox processor's hosted card page: a test card number, any future expiry, any CVC. */
export async function payWith(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/**
 * Onboarded (above) and paid once (SPEC §6: gifts, requests, photos and support are for users who
 * have): a token pack bought with the sandbox processor's 4242 test card.
 */
export async function payingUser(page: Page, prefix: string, packId = 'pack-m'): Promise<Account> {
  const account = await onboardedUser(page, prefix);
  const purchase = await page.request.post('/api/payment/purchase', {
    headers: account.headers,
    data: { packId },
  });
  expect(purchase.ok()).toBe(true);
  const { checkoutUrl } = (await purchase.json()) as { checkoutUrl: string };
  await page.goto(checkoutUrl);
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByTestId('paywall-success')).toBeVisible({ timeout: 20_000 });
  return account;
}

/** The operator's access token, signed in through the API. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/sign-in', { data: ADMIN });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** A promo code the operator creates through the admin API (`<prefix><STAMP>`); returns the code. */
export async function createPromoCode(
  request: APIRequestContext,
  prefix: string,
  body: { kind: 'bonus_tokens' | 'discount_percent'; amount: number },
): Promise<string> {
  const code = `${prefix}${stamp()}`.toUpperCase();
  const res = await request.post('/api/admin/promo-codes', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { code, ...body },
  });
  expect(res.status()).toBe(201);
  return code;
}

/** A second browser (the same device as the project) with the operator signed in to the console at /admin. */
export async function operatorPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    userAgent: use.userAgent,
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
  });
  await ageVerified(context);
  const page = await context.newPage();
  await page.goto('/admin');
  const form = page.getByTestId('admin-sign-in');
  await form.getByLabel('Email').fill(ADMIN.email);
  await form.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('admin-console')).toBeVisible();
  return { context, page };
}

/** A new chat with the `index`-th companion of the catalogue, through the API; returns the chat's id. */
export async function openChat(api: Pick<Account, 'request' | 'headers'>, index: number): Promise<string> {
  const bots = ((await (await api.request.get('/api/bots')).json()) as { data: { _id: string }[] }).data;
  const created = await api.request.post('/api/chat', {
    headers: api.headers,
    data: { botId: bots[index]!._id },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { chat: { _id: string } } }).data.chat._id;
}
