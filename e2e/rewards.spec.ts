import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminToken, operatorPage, signedIn } from './fixtures.ts';

/**
 * Token rewards (issue 12): the daily reward with its timer, and the quiz through the operator's
 * verification to claimed tokens, in English and Russian, at desktop and phone sizes.
 */

const texts = {
  en: {
    claim: /^Claim \d+ tokens?$/,
    nextIn: 'Next reward in',
    takeQuiz: 'Take the quiz',
    waiting: 'Waiting for verification',
    claimed: 'Claimed',
    step2: 'Step 2',
  },
  ru: {
    claim: /^Забрать \d+ токен/,
    nextIn: 'Следующая награда через',
    takeQuiz: 'Пройти опрос',
    waiting: 'Ждёт проверки',
    claimed: 'Получено',
    step2: 'Шаг 2',
  },
} as const;

type Quiz = { questions: { id: string; options: { en: string; ru: string }[]; answer: number }[] };

const balanceOf = async (request: APIRequestContext, headers: Record<string, string>) =>
  ((await (await request.get('/api/user', { headers })).json()) as { user: { tokens: number } }).user.tokens;

for (const language of ['en', 'ru'] as const) {
  const t = texts[language];

  test(`${language}: the daily reward is claimed once and the timer counts to the next one`, async ({
    page,
  }) => {
    const account = await signedIn(page, `daily-${language}`, { language });
    await page.goto('/wallet');
    const daily = page.getByTestId('daily-rewards');
    await expect(daily.getByTestId('daily-day').first()).toBeVisible();
    const claim = daily.getByTestId('daily-claim');
    await expect(claim).toHaveText(t.claim);
    const before = await balanceOf(page.request, account.headers);
    await claim.click();

    const timer = daily.getByTestId('daily-timer');
    await expect(timer).toContainText(t.nextIn);
    await expect(timer).toHaveText(/\d{2}:\d{2}:\d{2}$/);
    await expect(daily.getByTestId('daily-day').first()).toHaveAttribute('data-claimed', 'true');
    expect(await balanceOf(page.request, account.headers)).toBeGreaterThan(before);
    // The timer is checked each second.
    const shown = await timer.textContent();
    await expect(timer).not.toHaveText(shown!);

    // Reloaded: still claimed (the server says so), the timer is back, no claim button.
    await page.reload();
    await expect(page.getByTestId('daily-timer')).toBeVisible();
    await expect(page.getByTestId('daily-claim')).toHaveCount(0);
    // A second claim straight at the API is refused.
    const again = await page.request.post('/api/tokenRewards/daily/claim', { headers: account.headers });
    expect(again.status()).toBe(409);
  });

  test(`${language}: the quiz from the Tasks page, verified by the operator, then claimed`, async ({
    page,
    browser,
    request,
  }) => {
    const account = await signedIn(page, `quiz-${language}`, { language });
    // The right answers, read by the operator (in a separate request context: the page stays the user's).
    const quiz = (await (
      await request.get('/api/admin/rewards', {
        headers: { authorization: `Bearer ${await adminToken(request)}` },
      })
    ).json()) as { quiz: Quiz };

    await page.goto('/profile/tasks');
    await page.getByTestId('task-open-quiz').click();
    await expect(page).toHaveURL(/\/wallet\/earnTokens\?quiz=open$/);
    const dialog = page.getByTestId('quiz-dialog');
    await expect(dialog.getByTestId('quiz-question')).toHaveCount(quiz.quiz.questions.length);
    for (const [i, q] of quiz.quiz.questions.entries()) {
      await dialog
        .getByTestId('quiz-question')
        .nth(i)
        .getByLabel(q.options[q.answer]![language], { exact: true })
        .check();
    }
    await dialog.getByTestId('quiz-submit').click();
    await expect(dialog.getByTestId('quiz-passed')).toContainText(t.step2);
    await dialog.getByRole('button').last().click();
    await expect(page.getByTestId('task-quiz')).toContainText(t.waiting);

    // The operator verifies it in the console.
    const operator = await operatorPage(browser);
    await operator.page.goto('/admin/rewards');
    const row = operator.page.locator(`[data-testid="admin-rewards-task"][data-email="${account.email}"]`);
    await row.getByTestId('admin-rewards-verify').click();
    await expect(row).toHaveCount(0);
    await operator.context.close();

    await page.reload();
    const before = await balanceOf(page.request, account.headers);
    await page.getByTestId('task-claim-quiz').click();
    await expect(page.getByTestId('task-quiz')).toContainText(t.claimed);
    await expect.poll(() => balanceOf(page.request, account.headers)).toBeGreaterThan(before);
    const again = await page.request.put('/api/tokenRewards/updateTokens', {
      headers: account.headers,
      data: { actionName: 'quiz' },
    });
    expect(again.status()).toBe(409);
  });
}

test('the wallet and the earn-tokens page have no serious accessibility violations', async ({ page }) => {
  await signedIn(page, 'rewards-a11y');
  const serious = async () =>
    (
      await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    ).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  await page.goto('/wallet');
  await page.getByTestId('daily-claim').click();
  await expect(page.getByTestId('daily-timer')).toBeVisible();
  await expect(page.getByTestId('invite-link')).not.toHaveValue('');
  expect(await serious()).toEqual([]);
  await page.goto('/wallet/earnTokens?quiz=open');
  await expect(page.getByTestId('quiz-question').first()).toBeVisible();
  expect(await serious()).toEqual([]);
});
