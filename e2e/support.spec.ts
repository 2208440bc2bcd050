import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';

/**
 * Support in the browser (issue 5): a paying user writes to support, the operator reads it in the
 * console at /admin and answers, and the answer appears in the user's chat without a reload.
 */
const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password' };
const stamp = () => `${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}`;

async function ageVerified(context: BrowserContext): Promise<void> {
  const base = test.info().project.use.baseURL!;
  await context.addCookies([{ name: 'age_verified', value: 'true', url: base }]);
}

/** A second browser (same device as the project) for the operator. */
async function operatorPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
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
  await expect(page).toHaveURL(/\/admin\/support$/);
  return { context, page };
}

/** Signs up, onboards and pays for the smallest pack with 4242 on the sandbox's hosted card page. */
async function paidUser(page: Page): Promise<string> {
  await ageVerified(page.context());
  const email = `support.${stamp()}@example.com`;
  const res = await page.request.post('/api/auth/sign-up', {
    data: { email, password: 'a long password 1', termsAccepted: true },
  });
  expect(res.status()).toBe(201);
  const { accessToken } = (await res.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const update = await page.request.post('/api/user/update', {
    headers,
    data: { name: 'Sam', age: 31, sex: 'male', country: 'DE' },
  });
  expect(update.ok()).toBe(true);
  const settings = (await (await page.request.get('/api/settings')).json()) as {
    data: { settings: { purchase: { uuid: string }[] } };
  };
  const purchase = await page.request.post('/api/payment/purchase', {
    headers,
    data: { packId: settings.data.settings.purchase[0]!.uuid },
  });
  expect(purchase.ok()).toBe(true);
  const { checkoutUrl } = (await purchase.json()) as { checkoutUrl: string };
  await page.goto(checkoutUrl);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('paywall-success')).toBeVisible({ timeout: 20_000 });
  return email;
}

test('support round trip: the user writes, the operator answers from the console, the answer arrives live', async ({
  page,
  browser,
}) => {
  // A real sandbox payment (hosted card page, webhook) comes first: give the journey room on a busy machine.
  test.setTimeout(120_000);
  const email = await paidUser(page);

  // The user (Paid, so the support button shows) opens support and writes.
  await page.goto('/');
  await page.getByTestId('support-button').click();
  await expect(page).toHaveURL(/\/chat\/[^/?]+$/);
  const question = `Where are my tokens? ${stamp()}`;
  await page.getByRole('textbox', { name: 'Message' }).fill(question);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('message').filter({ hasText: question })).toHaveAttribute(
    'data-self',
    'true',
  );

  // The operator sees the conversation, marked as waiting, and reads it.
  const operator = await operatorPage(browser);
  try {
    const op = operator.page;
    const conversation = op.getByTestId('admin-conversation').filter({ hasText: email });
    await expect(conversation).toHaveAttribute('data-awaiting', 'true');
    await conversation.click();
    const thread = op.getByTestId('admin-messages');
    await expect(thread).toContainText(question);

    // A second message from the user shows up in the open conversation without a reload.
    const followUp = `Hello? ${stamp()}`;
    await page.getByRole('textbox', { name: 'Message' }).fill(followUp);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(thread).toContainText(followUp);

    // The operator answers; the user sees it appear in the open chat.
    const answer = `Found them — they are on your balance now. ${stamp()}`;
    await op.getByLabel('Your answer').fill(answer);
    await op.getByLabel('Your answer').press('Enter');
    await expect(thread.getByTestId('admin-message').filter({ hasText: answer })).toHaveAttribute(
      'data-from',
      'operator',
    );
    await expect(op.getByLabel('Your answer')).toHaveValue('');
    await expect(page.getByTestId('message').filter({ hasText: answer })).toHaveAttribute(
      'data-self',
      'false',
    );

    // Answered: no longer marked as waiting (on phones the list is one tap back).
    if (test.info().project.name === 'phone')
      await op.getByRole('link', { name: 'All conversations' }).click();
    await expect(conversation).toHaveAttribute('data-awaiting', 'false');
  } finally {
    await operator.context.close();
  }
});
