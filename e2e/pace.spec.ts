import { expect, test } from '@playwright/test';
import { EXCLUSIVE } from './exclusive.ts';
import { adminToken, openChat, operatorPage, payingUser } from './fixtures.ts';

/*
 * Issue 10 items 5-7: her mode switched from the commands panel, the chat-language picker showing
 * only the languages this server's engine writes (the built-in one: English and Russian) with a
 * note, and the operator changing the relationship's pace in the console.
 */

const words = {
  en: {
    dominant: 'Dominant',
    modeEvent: 'Mode: dominant.',
    note: 'On this server she writes only in English, Русский.',
  },
  ru: {
    dominant: 'Доминантная',
    modeEvent: 'Режим: доминантный.',
    note: 'На этом сервере она пишет только на языках: English, Русский.',
  },
} as const;

for (const lang of ['en', 'ru'] as const) {
  test(`(${lang}) switch her mode from the commands panel; the language picker offers only what she writes`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const api = await payingUser(page, `pace-${lang}`);
    const chatId = await openChat(api, 2);
    if (lang === 'ru') {
      const set = await page.request.post('/api/user/language', {
        headers: api.headers,
        data: { language: 'ru' },
      });
      expect(set.ok()).toBe(true);
      await page.evaluate(() => localStorage.setItem('amora.language', 'ru'));
    }
    await page.goto(`/chat/${chatId}`);
    await expect(page.getByTestId('conversation')).toBeVisible();

    // Three mode buttons; gentle is the current one.
    await page.getByTestId('commands-toggle').click();
    const modes = page.getByTestId('chat-modes');
    await expect(modes.getByRole('button')).toHaveCount(3);
    await expect(page.getByTestId('mode-gentle')).toHaveAttribute('aria-pressed', 'true');
    // Keyboard: focus the dominant button and press Enter.
    const dominant = modes.getByRole('button', { name: words[lang].dominant });
    await dominant.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('mode-dominant')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('mode-gentle')).toHaveAttribute('aria-pressed', 'false');
    // The change shows in the chat, in the reader's language.
    await expect(page.getByTestId('conversation').getByText(words[lang].modeEvent)).toBeVisible();
    const chat = await page.request.get(`/api/chat/${chatId}`, { headers: api.headers });
    expect(((await chat.json()) as { data: { mode: string } }).data.mode).toBe('dominant');

    // The language picker: English and Russian only, and it says so.
    await page.getByTestId('quick-language').click();
    const dialog = page.getByTestId('chat-language-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('chat-language-note')).toContainText(words[lang].note);
    await expect(dialog.getByTestId('chat-language-list').getByRole('button')).toHaveCount(2);
    await expect(dialog.getByTestId('chat-language-de')).toHaveCount(0);
    await expect(dialog.getByTestId('chat-language-ru')).toBeVisible();
    // The server refuses German all the same.
    const de = await page.request.post(`/api/chat/command/${chatId}`, {
      headers: api.headers,
      data: { command: 'language:de' },
    });
    expect(de.status()).toBe(409);
  });
}

test(
  'the operator slows the pace in the console; the new rule is stored and served at once',
  EXCLUSIVE,
  async ({ browser, request }) => {
    const headers = { authorization: `Bearer ${await adminToken(request)}` };
    const read = async () =>
      (
        (await (await request.get('/api/admin/settings', { headers })).json()) as {
          data: { settings: { companion: Record<string, unknown> } };
        }
      ).data.settings.companion;
    const original = await read();
    const operator = await operatorPage(browser);
    try {
      const op = operator.page;
      await op.getByTestId('admin-nav-relationship').click();
      const cap = op.getByTestId('relationship-daily_turn_cap');
      await expect(cap).toHaveValue(String(original.daily_turn_cap));
      // Markers that do not climb are refused beside the form; nothing is saved.
      await op.getByTestId('relationship-level_markers-1').fill('10');
      await op.getByTestId('relationship-save').click();
      await expect(op.getByTestId('relationship-error')).toContainText('level_markers');
      await expect(op.getByTestId('relationship-level_markers-1')).toHaveAttribute('aria-invalid', 'true');
      await op.getByTestId('relationship-level_markers-1').fill('39');

      await cap.fill('6');
      await op.getByTestId('relationship-save').click();
      await expect(op.getByText(/Relationship rules saved\.|Правила отношений сохранены\./)).toBeVisible();
      expect((await read()).daily_turn_cap).toBe(6);
      const shown = (await (await request.get('/api/settings')).json()) as {
        data: { settings: { companion: { daily_turn_cap: number } } };
      };
      expect(shown.data.settings.companion.daily_turn_cap).toBe(6);
    } finally {
      await operator.context.close();
      const restore = await request.put('/api/admin/settings/companion', { headers, data: original });
      expect(restore.ok()).toBe(true);
    }
  },
);
