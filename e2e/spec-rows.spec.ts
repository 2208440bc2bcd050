import { expect, test, type Page } from '@playwright/test';
import {
  onboardedUser,
  openChat,
  operatorPage,
  payWith,
  payingUser,
  signedIn,
  stamp,
  type Account,
} from './fixtures.ts';

/**
 * The rest of the SPEC rows of issue 14, in a real browser, in English and in Russian: the support
 * chat at 0 tokens, the chat list's words for events and a new support chat joining it, one first
 * name, `?chat=` links, preferences and her wished-for gift, removing the saved card, traffic
 * sources in the console, and a partner's own traffic.
 */

const TEXT = {
  en: {
    write: 'Write a message…',
    topUp: 'Top up tokens to keep chatting',
    message: 'Message',
    send: 'Send message',
    mode: 'Mode: dominant.',
    firstOnly: 'Only your first name, please — one word',
    flowers: 'Flowers',
    removeCard: 'Remove card',
    cardRemoved: 'Your card is removed.',
    partner: 'My traffic (partner)',
  },
  ru: {
    write: 'Напишите сообщение…',
    topUp: 'Пополните токены, чтобы продолжить',
    message: 'Сообщение',
    send: 'Отправить сообщение',
    mode: 'Режим: доминантный.',
    firstOnly: 'Только имя — одним словом',
    flowers: 'Цветы',
    removeCard: 'Удалить карту',
    cardRemoved: 'Карта удалена.',
    partner: 'Мой трафик (партнёр)',
  },
} as const;
type Lang = keyof typeof TEXT;

async function useLanguage(page: Page, lang: Lang): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('amora.language', l), lang);
}

const tokensOf = async (a: Account) =>
  ((await (await a.request.get('/api/user', { headers: a.headers })).json()) as { user: { tokens: number } })
    .user.tokens;

/** Spends the whole balance the way a user can: album unlocks, then new chats (their opening cost). */
async function spendEverything(a: Account): Promise<void> {
  const bots = (
    (await (await a.request.get('/api/bots')).json()) as { data: { _id: string; remote_id: number }[] }
  ).data.filter((b) => b.remote_id !== 0);
  for (const bot of bots) {
    if ((await tokensOf(a)) < 150) break;
    const res = await a.request.post('/api/album/unlock', {
      headers: a.headers,
      data: { botId: bot._id, category: 'body' },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  for (const bot of bots) {
    if ((await tokensOf(a)) === 0) break;
    const res = await a.request.post('/api/chat', { headers: a.headers, data: { botId: bot._id } });
    expect(res.status(), await res.text()).toBe(201);
  }
  expect(await tokensOf(a)).toBe(0);
}

for (const lang of ['en', 'ru'] as const) {
  const T = TEXT[lang];

  test(`the support chat takes messages at 0 tokens; a character's chat is locked (${lang})`, async ({
    page,
  }) => {
    await useLanguage(page, lang);
    const user = await onboardedUser(page, `zero${lang}`);
    await spendEverything(user);
    const support = (
      (await (await user.request.post('/api/chat/support', { headers: user.headers })).json()) as {
        support: { _id: string };
      }
    ).support._id;

    await page.goto(`/chat/${support}`);
    const box = page.getByRole('textbox', { name: T.message });
    await expect(box).toHaveAttribute('placeholder', T.write);
    await expect(box).not.toHaveAttribute('aria-disabled', 'true');
    const text = `No tokens ${stamp()}`;
    await box.fill(text);
    await page.getByRole('button', { name: T.send }).click();
    await expect(page.getByTestId('message').filter({ hasText: text })).toHaveAttribute('data-self', 'true');
    expect(await tokensOf(user)).toBe(0);

    // A character's chat at 0 tokens stays locked: SPEC §5.
    const chats = (
      (await (await user.request.get('/api/chat', { headers: user.headers })).json()) as {
        data: { _id: string; bot: { remote_id: number } }[];
      }
    ).data;
    await page.goto(`/chat/${chats.find((c) => c.bot.remote_id !== 0)!._id}`);
    await expect(page.getByRole('textbox', { name: T.message })).toHaveAttribute('placeholder', T.topUp);
    await expect(page.getByRole('textbox', { name: T.message })).toHaveAttribute('aria-disabled', 'true');
  });

  test(`the chat list names events in words and a new support chat joins it; her wished-for gift follows your preferences (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const user = await payingUser(page, `list${lang}`, 'pack-s');
    await page.evaluate((l) => localStorage.setItem('amora.language', l), lang);
    const chatId = await openChat(user, 1);
    const mode = await user.request.post(`/api/chat/command/${chatId}`, {
      headers: user.headers,
      data: { command: 'mode:dominant' },
    });
    expect(mode.status()).toBe(200);

    await page.goto('/chat');
    await expect(page.locator(`[data-testid="chat-list-item"][data-chat-id="${chatId}"]`)).toContainText(
      T.mode,
    );
    await expect(page.getByTestId('chat-list-item')).toHaveCount(1);

    // A new support chat appears in the list without a reload.
    await page.getByTestId('support-button').click();
    await expect(page).toHaveURL(/\/chat\/[^/?]+$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByTestId('chat-list-item')).toHaveCount(2);

    // Preferences in the profile; the quick gift she hopes for follows them.
    await page.goto('/profile');
    await page.getByTestId('edit-profile').click();
    await page.getByTestId('edit-preferences').getByLabel(T.flowers).check();
    await page.getByTestId('edit-profile-save').click();
    await expect(page.getByTestId('profile-preferences')).toHaveText(T.flowers);
    await page.goto(`/chat/${chatId}`);
    await page.getByTestId('gift-toggle').click();
    await expect(page.getByTestId('gift-flowers')).toHaveAttribute('data-highlighted', 'true');
    await expect(page.locator('[data-testid^="gift-"][data-highlighted]')).toHaveCount(1);
  });

  test(`one first name only, and ?chat= links open the chat or her profile (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    const user = await onboardedUser(page, `name${lang}`);
    await page.goto('/profile');
    await page.getByTestId('edit-profile').click();
    const dialog = page.getByTestId('edit-profile-dialog');
    const name = dialog.locator('input[name="name"]');
    await name.fill('Anna Smith');
    await page.getByTestId('edit-profile-save').click();
    await expect(dialog).toContainText(T.firstOnly);
    // The server says the same to any client (400 VALIDATION_ERROR).
    const twoWords = await user.request.post('/api/user/update', {
      headers: user.headers,
      data: { name: 'Anna Smith' },
    });
    expect(twoWords.status()).toBe(400);
    expect(((await twoWords.json()) as { code: string }).code).toBe('VALIDATION_ERROR');
    await name.fill('Anna');
    await page.getByTestId('edit-profile-save').click();
    await expect(page.getByTestId('profile-name')).toHaveText('Anna');

    const chatId = await openChat(user, 1);
    await page.goto(`/?chat=${chatId}`);
    await expect(page).toHaveURL(new RegExp(`/chat/${chatId}$`));
    await expect(page.getByRole('textbox', { name: T.message })).toBeVisible();

    const bots = ((await (await page.request.get('/api/bots')).json()) as { data: { remote_id: number }[] })
      .data;
    const other = bots.filter((b) => b.remote_id !== 0)[3]!.remote_id;
    await page.goto(`/?chat=${other}`);
    await expect(page.getByTestId('selected-model')).toHaveAttribute('data-remote-id', String(other));
    await expect(page).not.toHaveURL(/[?&]chat=/);
  });

  test(`remove the saved card from the wallet (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    const user = await signedIn(page, `card${lang}`);
    const sub = await user.request.post('/api/payment/subscribe', {
      headers: user.headers,
      data: { planId: 'plan-monthly' },
    });
    expect(sub.status()).toBe(200);
    await page.goto(((await sub.json()) as { checkoutUrl: string }).checkoutUrl);
    await payWith(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('paywall-success')).toBeVisible({ timeout: 20_000 });

    await page.evaluate((l) => localStorage.setItem('amora.language', l), lang);
    await page.goto('/wallet');
    await expect(page.getByTestId('saved-card')).toContainText('4242');
    await page.getByTestId('remove-card').click();
    await page.getByTestId('remove-card-dialog').getByRole('button', { name: T.removeCard }).click();
    await expect(page.getByText(T.cardRemoved)).toBeVisible();
    await expect(page.getByTestId('saved-card')).toHaveCount(0);
    await expect(page.getByTestId('subscription-status')).toHaveAttribute('data-status', 'active');
  });

  test(`the operator makes a partner who sees its own traffic; traffic sources show in the console (${lang})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const source = `p${stamp()}`.slice(0, 40);
    // Two visitors: one from the partner's campaign, one through the Keitaro platform.
    const visitorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const visitorPage = await visitorContext.newPage();
    const fromPartner = await signedIn(visitorPage, `ref${lang}`);
    await fromPartner.request.post('/api/user/utm', {
      headers: fromPartner.headers,
      data: { utmSource: source },
    });
    const fromKeitaro = await signedIn(visitorPage, `kei${lang}`);
    await fromKeitaro.request.post('/api/user/utm', {
      headers: fromKeitaro.headers,
      data: { utmSource: 'keitaro' },
    });
    await visitorContext.close();

    const partner = await signedIn(page, `partner${lang}`);
    const operator = await operatorPage(browser);
    try {
      const op = operator.page;
      if (lang === 'ru') {
        await op.evaluate(() => localStorage.setItem('amora.language', 'ru'));
        await op.reload();
        await expect(op.getByTestId('admin-console')).toBeVisible();
      }
      await op.getByTestId('admin-nav-users').click();
      const search = op.getByTestId('admin-user-search');
      const find = op.locator('form[role="search"] button[type="submit"]');
      await search.fill(fromKeitaro.email);
      await find.click();
      await expect(
        op.getByTestId('admin-user').filter({ hasText: fromKeitaro.email }).getByTestId('admin-user-source'),
      ).toContainText('keitaro');

      await search.fill(partner.email);
      await find.click();
      const card = op.getByTestId('admin-user').filter({ hasText: partner.email });
      await card.getByTestId('admin-role').selectOption('partner');
      await card.getByTestId('admin-partner-source').fill(source);
      await card.getByTestId('admin-role-save').click();
      await expect(card).toContainText('partner');
    } finally {
      await operator.context.close();
    }

    await useLanguage(page, lang);
    await page.goto('/profile');
    await expect(page.getByTestId('profile-partner')).toHaveText(T.partner);
    await page.getByTestId('profile-partner').click();
    await expect(page).toHaveURL(/\/partner/);
    await expect(page.getByTestId('partner-page')).toContainText(source);
    await expect(page.getByTestId('partner-signups')).toHaveText('1');
  });
}
