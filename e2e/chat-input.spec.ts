import { expect, test } from '@playwright/test';
import { onboardedUser, openChat, type Account } from './fixtures.ts';

/**
 * The message box in a real browser (SPEC §5, issue 14): it grows with the text from 1 to 6 rows,
 * shrinks back when lines are removed and after a long message is sent, and takes the focus back
 * when a tap on the thread takes it away.
 */
for (const lang of ['en', 'ru'] as const) {
  test(`the message box grows, shrinks back, and keeps the focus (${lang})`, async ({ page }) => {
    const api: Account = await onboardedUser(page, `chatinput${lang}`);
    if (lang === 'ru') {
      const set = await page.request.post('/api/user/language', {
        headers: api.headers,
        data: { language: 'ru' },
      });
      expect(set.ok()).toBe(true);
    }
    const chatId = await openChat(api, 1);
    await page.goto(`/chat/${chatId}`);
    const box = page.getByRole('textbox', { name: lang === 'ru' ? 'Сообщение' : 'Message' });
    await expect(box).toBeVisible();
    const height = async () => Math.round((await box.boundingBox())!.height);

    await box.click();
    await box.pressSequentially('one');
    await box.press('Shift+Enter');
    await box.pressSequentially('two');
    await box.press('Shift+Enter');
    await box.pressSequentially('three');
    await expect.poll(height).toBe(84);
    // Three lines back to one: 36 px again.
    for (let i = 0; i < 'three'.length + 'two'.length + 2; i++) await box.press('Backspace');
    await expect(box).toHaveValue('one');
    await expect.poll(height).toBe(36);

    // Eight lines (capped at six rows), sent: one row again.
    for (let i = 0; i < 7; i++) {
      await box.press('Shift+Enter');
      await box.pressSequentially(`l${i}`);
    }
    await expect.poll(height).toBe(156);
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect.poll(height).toBe(36);

    // A tap on the thread does not leave the box without focus; a button may take it. (Not on
    // Android, where a focused box would pop the keyboard up again: SPEC §5.)
    if (test.info().project.name === 'phone') return;
    await expect(page.getByTestId('conversation')).not.toHaveAttribute('data-locked', 'true', {
      timeout: 20_000,
    });
    await box.focus();
    await page
      .getByTestId('message')
      .first()
      .click({ position: { x: 4, y: 4 } });
    await expect(box).toBeFocused();
    await page.getByTestId('commands-toggle').click();
    await expect(page.getByTestId('commands-toggle')).toBeFocused();
  });
}
