import { expect, test, type Page } from '@playwright/test';

/** The foundation journey: a visitor becomes a user and talks to a character. */
const uniqueEmail = () =>
  `e2e.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;

async function tokens(page: Page, testId: 'token-balance' | 'chat-token-balance'): Promise<number> {
  const el = page.getByTestId(testId).first();
  await expect(el).toBeVisible();
  return Number(await el.getAttribute('data-tokens'));
}

test('age gate, sign-up, onboarding, chat: she replies and the balance goes down', async ({ page }, info) => {
  // Many steps: near the 60 s limit on a loaded two-core machine.
  test.slow();
  const phone = info.project.name === 'phone';
  await page.goto('/');

  // The age gate opens after 1.5 s; "Yes" stores the cookie for about a year.
  const gate = page.getByTestId('age-gate');
  await expect(gate).toBeVisible({ timeout: 5_000 });
  await page.getByRole('button', { name: "Yes, I'm 18 or older" }).click();
  await expect(gate).toBeHidden();
  const ageCookie = (await page.context().cookies()).find((c) => c.name === 'age_verified');
  expect(ageCookie?.value).toBe('true');
  expect(ageCookie!.expires - Date.now() / 1000).toBeGreaterThan(300 * 24 * 3600);

  // Home: the characters, filtered by type.
  const cards = page.getByTestId('model-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(12);
  await page.getByTestId('filter-anime').click();
  await expect(page).toHaveURL(/type=anime/);
  await expect(cards).toHaveCount(6);
  await page.getByTestId('filter-all').click();
  await expect(cards.first()).toBeVisible();

  // A guest clicking a character is asked to sign up.
  const card = cards.nth(2);
  const botId = await card.getAttribute('data-bot-id');
  await card.click();
  const signUp = page.getByTestId('sign-up-dialog');
  await expect(signUp).toBeVisible();
  await expect(page).toHaveURL(/popup=sign-up/);
  await signUp.getByLabel('Email').fill(uniqueEmail());
  await signUp.getByLabel('Password', { exact: true }).fill('a long password 1');
  await signUp.getByRole('checkbox').check();
  await signUp.getByRole('button', { name: 'Create account' }).click();

  // Onboarding: welcome, age, name, country, sex, done.
  await expect(page).toHaveURL(/\/onboarding\/welcome/);
  await page.getByRole('button', { name: "Let's start" }).click();
  await expect(page).toHaveURL(/\/onboarding\/age/);
  await page.getByLabel('Your age').fill('17');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/at least 18/i)).toBeVisible();
  await page.getByLabel('Your age').fill('29');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboarding\/name/);
  await page.getByLabel('Your first name').fill('Robin');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboarding\/country/);
  await page.getByLabel('Country').selectOption('GB');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboarding\/sex/);
  await page.getByRole('radio', { name: 'Man', exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboarding\/done/);
  await page.getByRole('button', { name: 'Start chatting' }).click();

  // The chat with the character the visitor picked opens; she has already said hello.
  await expect(page).toHaveURL(/\/chat\/[\w-]+/);
  const conversation = page.getByTestId('conversation');
  await expect(conversation).toBeVisible();
  const theirs = page.locator('[data-testid="message"][data-self="false"]');
  await expect(theirs.first()).toBeVisible();
  await expect(theirs.first()).toContainText(/robin/i);
  expect(botId).toBeTruthy();

  const balanceId = phone ? 'chat-token-balance' : 'token-balance';
  const before = await tokens(page, balanceId);
  expect(before).toBeLessThan(500); // opening a character costs tokens_for_model
  const repliesBefore = await theirs.count();

  // The input refuses more than 160 characters.
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('x'.repeat(200));
  expect((await input.inputValue()).length).toBeLessThanOrEqual(160);

  await input.fill('hi! what do you like to do on weekends?');
  await page.getByRole('button', { name: 'Send message' }).click();
  const mine = page.locator('[data-testid="message"][data-self="true"]');
  await expect(mine.last()).toContainText('Hi! what do you like to do on weekends?');
  await expect(input).toHaveValue('');

  // Her reply arrives in real time, the chat unlocks and the balance went down.
  await expect(theirs).toHaveCount(repliesBefore + 1, { timeout: 15_000 });
  await expect(conversation).not.toHaveAttribute('data-locked');
  await expect.poll(() => tokens(page, balanceId)).toBeLessThan(before);

  // A second message works too.
  await input.fill('tell me about yourself');
  await input.press('Enter');
  await expect(theirs).toHaveCount(repliesBefore + 2, { timeout: 15_000 });

  // The session survives a reload (refresh cookie), and the history is there.
  await page.reload();
  await expect(theirs).toHaveCount(repliesBefore + 2);
  await expect(mine).toHaveCount(2);

  await page.screenshot({ path: info.outputPath(`chat-${info.project.name}.png`), fullPage: false });
});
