import { expect, test } from '@playwright/test';
import { operatorPage, payingUser, stamp } from './fixtures.ts';

/**
 * Support in the browser (issue 5): a paying user writes to support, the operator reads it in the
 * console at /admin and answers, and the answer appears in the user's chat without a reload.
 */
test('support round trip: the user writes, the operator answers from the console, the answer arrives live', async ({
  page,
  browser,
}) => {
  // A real sandbox payment (hosted card page, webhook) comes first: give the journey room on a busy machine.
  test.setTimeout(120_000);
  // The smallest pack, with the sandbox's 4242 test card.
  const { email } = await payingUser(page, 'support', 'pack-s');

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
    // The console opens on the support inbox.
    await expect(op).toHaveURL(/\/admin\/support$/);
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
