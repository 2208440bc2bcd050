import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { adminToken, openChat, operatorPage, payingUser, signedIn, stamp, type Account } from './fixtures.ts';

/*
 * Account basics (issue 14): email confirmation through the operator's outbox, password and email
 * changes, my data, receipts, terms and privacy (and the operator's edit of them), reports, deleting
 * a chat, pausing the account. Each in English and Russian.
 */

/** The link of the newest email of `kind` to `to`, as the operator's outbox lists it (no SMTP here). */
async function outboxLink(page: Page, to: string, kind: string): Promise<string> {
  const token = await adminToken(page.request);
  const res = await page.request.get('/api/admin/outbox?limit=200', {
    headers: { authorization: `Bearer ${token}` },
  });
  const mails = ((await res.json()) as { data: { to: string; kind: string; links: string[] }[] }).data;
  const mail = mails.find((m) => m.to === to && m.kind === kind);
  expect(mail, `a ${kind} mail to ${to}`).toBeTruthy();
  return mail!.links[0]!;
}

const me = async (a: Account) =>
  (
    (await (await a.request.get('/api/user', { headers: a.headers })).json()) as {
      user: { email: string; emailVerified: boolean };
    }
  ).user;

const TEXT = {
  en: {
    unverified: 'Not confirmed',
    verified: 'Confirmed',
    current: 'Current password',
    newPassword: 'New password',
    wrongPassword: 'The current password is wrong',
    passwordChanged: 'Password changed',
    confirmed: (email: string) => `${email} is confirmed`,
    resendTooSoon: 'We sent a link a moment ago',
    newEmail: 'New email',
    emailChanged: (email: string) => `Your email is now ${email}.`,
    receipt: 'Receipt',
    registration: 'Registration number',
    reportMessage: 'Report this message',
    reportSent: 'The operator will review',
    tokensStay: 'Your tokens stay',
    buyHint: 'Confirm your email to buy',
    pause: 'Pause my account',
    pauseConfirm: 'Yes, pause it',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
  },
  ru: {
    unverified: 'Не подтверждён',
    verified: 'Подтверждён',
    current: 'Текущий пароль',
    newPassword: 'Новый пароль',
    wrongPassword: 'Текущий пароль неверен',
    passwordChanged: 'Пароль изменён',
    confirmed: (email: string) => `Адрес ${email} подтверждён`,
    resendTooSoon: 'Мы только что отправили ссылку',
    newEmail: 'Новый адрес почты',
    emailChanged: (email: string) => `Теперь ваш адрес — ${email}.`,
    receipt: 'Чек',
    registration: 'Регистрационный номер',
    reportMessage: 'Жалоба на сообщение',
    reportSent: 'Оператор рассмотрит',
    tokensStay: 'Ваши токены останутся',
    buyHint: 'Подтвердите почту, чтобы покупать',
    pause: 'Приостановить аккаунт',
    pauseConfirm: 'Да, приостановить',
    email: 'Эл. почта',
    password: 'Пароль',
    signIn: 'Войти',
  },
} as const;

for (const lang of ['en', 'ru'] as const) {
  const T = TEXT[lang];

  test(`confirms the email from the link the console outbox shows, then changes the password and downloads my data (${lang})`, async ({
    page,
    browser,
  }) => {
    const account = await signedIn(page, `verify${lang}`, { language: lang });
    await page.goto('/profile');
    await expect(page.getByTestId('email-unverified')).toHaveText(T.unverified);

    // The operator's console lists the email with its link (a local install without SMTP).
    const operator = await operatorPage(browser);
    await operator.page.goto('/admin/accounts');
    const mail = operator.page.getByTestId('admin-mail').filter({ hasText: account.email });
    await expect(mail).toBeVisible();
    const href = await mail.getByTestId('admin-mail-link').first().getAttribute('href');
    await operator.context.close();
    expect(href).toMatch(/\/account\/verify\?token=/);

    await page.goto(new URL(href!).pathname + new URL(href!).search);
    await expect(page.getByTestId('verify-email-done')).toContainText(T.confirmed(account.email));
    await page.goto('/profile');
    await expect(page.getByTestId('email-verified')).toHaveText(T.verified);

    // Change password: a wrong current password is refused; the right one signs other devices out.
    await page.getByTestId('change-password').click();
    const dialog = page.getByTestId('password-dialog');
    await dialog.getByLabel(T.current).fill('not my password');
    await dialog.getByLabel(T.newPassword).fill('a brand new password 2');
    await dialog.getByTestId('password-save').click();
    await expect(dialog.getByTestId('account-error')).toHaveText(T.wrongPassword);
    await dialog.getByLabel(T.current).fill('a long password 1');
    await dialog.getByTestId('password-save').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('toast').filter({ hasText: T.passwordChanged })).toBeVisible();
    // The old access token (another device) is dead; this page goes on.
    expect((await page.request.get('/api/user', { headers: account.headers })).status()).toBe(401);
    await page.reload();
    await expect(page.getByTestId('account-section')).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByTestId('download-data').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^amora-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await file.path(), 'utf8')) as {
      profile: { email: string };
      ledger: unknown[];
    };
    expect(data.profile.email).toBe(account.email);
    expect(data.ledger.length).toBeGreaterThan(0);
  });

  test(`changes the email: the address changes only once the new one is confirmed (${lang})`, async ({
    page,
  }) => {
    const account = await signedIn(page, `mail${lang}`, { language: lang });
    await page.goto('/profile');
    await expect(page.getByTestId('email-unverified')).toHaveText(T.unverified);
    // The sign-up email went out a moment ago: another one must wait.
    // By keyboard: on the emulated phone the page shifts under the pointer while Playwright aims.
    await page.getByTestId('resend-verification').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('toast').filter({ hasText: T.resendTooSoon })).toBeVisible();

    const next = `moved.${lang}.${Date.now().toString(36)}@example.com`;
    await page.getByTestId('change-email').click();
    const dialog = page.getByTestId('email-dialog');
    await dialog.getByLabel(T.newEmail).fill(next);
    await dialog.getByLabel(T.current).fill('a long password 1');
    await dialog.getByTestId('email-save').click();
    await expect(dialog.getByTestId('email-change-sent')).toContainText(next);
    expect((await me(account)).email).toBe(account.email);

    const link = await outboxLink(page, next, 'email_change');
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByTestId('verify-email-done')).toHaveText(T.emailChanged(next));
    expect(await me(account)).toMatchObject({ email: next, emailVerified: true });
  });
}

for (const lang of ['en', 'ru'] as const) {
  test(`terms and privacy open from the sign-up form and render the Markdown (${lang})`, async ({ page }) => {
    await page
      .context()
      .addCookies([{ name: 'age_verified', value: 'true', domain: '127.0.0.1', path: '/' }]);
    await page.context().addInitScript((l) => localStorage.setItem('amora.language', l), lang);
    await page.goto('/auth/signup');
    const terms = page.getByTestId('signup-terms-link');
    await expect(terms).toHaveAttribute('href', '/legal/terms');
    await expect(page.getByTestId('signup-privacy-link')).toHaveAttribute('href', '/legal/privacy');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), terms.click()]);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(
      lang === 'ru' ? 'Условия использования' : 'Terms of Service',
    );
    await tab.goto('/legal/privacy');
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(
      lang === 'ru' ? 'Политика конфиденциальности' : 'Privacy Policy',
    );
    await expect(tab.getByTestId('legal-privacy').getByRole('heading', { level: 2 }).first()).toBeVisible();
  });

  test(`the operator edits the legal text in the console; the page shows it (${lang})`, async ({
    page,
    browser,
  }) => {
    // Each run edits its own text (desktop the terms, phone the privacy policy, in its language), so
    // the runs side by side never see each other's edit; the heading stays for the journey above.
    const doc = test.info().project.name.startsWith('phone') ? 'privacy' : 'terms';
    const note = `Edited in the console ${stamp()}`;
    const operator = await operatorPage(browser);
    try {
      await operator.page.goto('/admin/accounts');
      const editor = operator.page.getByTestId('admin-legal');
      await operator.page.getByTestId('admin-legal-doc').selectOption(doc);
      await operator.page.getByTestId('admin-legal-language').selectOption(lang);
      const text = editor.getByTestId('admin-legal-text');
      await expect(text).toHaveValue(/^# /);
      await text.fill(`${await text.inputValue()}\n\n${note}`);
      await editor.getByTestId('admin-legal-save').click();
      await expect(operator.page.getByTestId('toast').filter({ hasText: 'Saved' }).first()).toBeVisible();

      await page.context().addInitScript((l) => localStorage.setItem('amora.language', l), lang);
      await page.goto(`/legal/${doc}`);
      await expect(page.getByTestId(`legal-${doc}`)).toContainText(note);
    } finally {
      const token = await adminToken(page.request);
      const restored = await page.request.put(`/api/admin/legal/${doc}`, {
        headers: { authorization: `Bearer ${token}` },
        data: { language: lang, markdown: null },
      });
      expect(restored.ok()).toBe(true);
      await operator.context.close();
    }
  });
}

for (const lang of ['en', 'ru'] as const) {
  const T = TEXT[lang];

  test(`a paid pack has a printable receipt with the registration number and billing descriptor (${lang})`, async ({
    page,
  }) => {
    const token = await adminToken(page.request);
    const set = await page.request.put('/api/admin/account-settings', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        receipt: {
          companyName: 'Amora E2E Ltd',
          registrationNumber: 'HE 424242',
          billingDescriptor: 'AMORA*E2E',
          address: '1 Test Street',
        },
      },
    });
    expect(set.ok()).toBe(true);
    await payingUser(page, `receipt${lang}`);
    await page.evaluate((l) => localStorage.setItem('amora.language', l), lang);
    await page.goto('/profile');
    await expect(page.getByTestId('receipt-link').first()).toBeVisible();
    // A long address never widens the page: on a phone it would scroll sideways under the finger.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByTestId('receipt-link').first().click();
    const receipt = page.getByTestId('receipt');
    await expect(receipt.getByRole('heading', { level: 1 })).toHaveText(T.receipt);
    await expect(receipt).toContainText(T.registration);
    await expect(receipt.getByTestId('receipt-registration')).toHaveText('HE 424242');
    await expect(receipt.getByTestId('receipt-descriptor')).toHaveText('AMORA*E2E');
    await expect(receipt).toContainText('•••• 4242');
    // Printed: the receipt alone, without the app's navigation.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('receipt-print')).toBeHidden();
    await expect(page.locator('nav').first()).toBeHidden();
    await expect(receipt).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
  });

  test(`reports a message and the character, deletes the chat; the operator sees the reports (${lang})`, async ({
    page,
    browser,
  }) => {
    const account = await signedIn(page, `report${lang}`, { language: lang });
    await account.request.post('/api/user/update', {
      headers: account.headers,
      data: { name: 'Robin', age: 30, sex: 'male', country: 'DE' },
    });
    const chatId = await openChat(account, 0);
    await page.goto(`/chat/${chatId}`);
    await page
      .getByRole('textbox')
      .first()
      .fill(lang === 'ru' ? 'Привет' : 'Hello');
    await page.keyboard.press('Enter');
    const hers = page.locator('[data-testid="message"][data-self="false"]').first();
    await expect(hers).toBeVisible({ timeout: 20_000 });
    // SPEC §3 Message.timezone: the web app sends this device's IANA zone with the message.
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const history = (await (
      await account.request.get(`/api/chat/${chatId}`, { headers: account.headers })
    ).json()) as { data: { messages: { self: boolean; timezone?: string | null }[] } };
    expect(zone).toBeTruthy();
    expect(history.data.messages.find((m) => m.self)?.timezone).toBe(zone);
    await hers.getByTestId('report-message').click();
    const dialog = page.getByTestId('report-dialog');
    await expect(dialog).toContainText(T.reportMessage);
    const ad = lang === 'ru' ? 'Реклама' : 'Advertising';
    await dialog.getByTestId('report-reason').selectOption('spam');
    await dialog.getByTestId('report-text').fill(ad);
    await dialog.getByTestId('report-send').click();
    await expect(page.getByTestId('toast').filter({ hasText: T.reportSent })).toBeVisible();

    await page.goto(`/chat/${chatId}/info`);
    await page.getByTestId('report-bot').click();
    await page.getByTestId('report-dialog').getByTestId('report-send').click();
    await expect(page.getByTestId('report-dialog')).toBeHidden();

    const balance = (await (
      await account.request.get('/api/wallet', { headers: account.headers })
    ).json()) as {
      tokens: number;
    };
    await page.getByTestId('delete-chat').click();
    await expect(page.getByTestId('delete-chat-dialog')).toContainText(T.tokensStay);
    await page.getByTestId('delete-chat-confirm').click();
    await expect(page).toHaveURL(/\/chat$/);
    expect((await account.request.get(`/api/chat/${chatId}`, { headers: account.headers })).status()).toBe(
      404,
    );
    const after = (await (await account.request.get('/api/wallet', { headers: account.headers })).json()) as {
      tokens: number;
    };
    expect(after.tokens).toBe(balance.tokens);

    const operator = await operatorPage(browser);
    await operator.page.goto('/admin/accounts');
    const mine = operator.page.getByTestId('admin-report').filter({ hasText: account.email });
    await expect(mine).toHaveCount(2);
    const spam = mine.filter({ hasText: ad });
    await spam.getByTestId('admin-report-reviewed').click();
    // This user's spam report leaves the open list (another journey's reports may still be there).
    await expect(spam).toHaveCount(0);
    await expect(mine).toHaveCount(1);
    await operator.context.close();
  });
}

for (const lang of ['en', 'ru'] as const) {
  const T = TEXT[lang];

  test(`pauses the account from the profile; signing in again brings it back with its chats (${lang})`, async ({
    page,
  }) => {
    await page.addInitScript((l) => localStorage.setItem('amora.language', l), lang);
    const account = await signedIn(page, `pause${lang}`, { language: lang });
    await account.request.post('/api/user/update', {
      headers: account.headers,
      data: { name: 'Robin', age: 30, sex: 'male', country: 'DE' },
    });
    const chatId = await openChat(account, 0);
    await page.goto('/profile');
    await page.getByRole('button', { name: T.pause }).click();
    await page.getByTestId('pause-account-dialog').getByRole('button', { name: T.pauseConfirm }).click();
    await expect(page).toHaveURL(/\/$/);
    // Signed out everywhere: the old session is gone.
    expect((await page.request.get('/api/user', { headers: account.headers })).status()).toBe(401);

    await page.goto('/auth/signin');
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel(T.email).fill(account.email);
    await form.getByLabel(T.password, { exact: true }).fill('a long password 1');
    await form.getByRole('button', { name: T.signIn, exact: true }).click();
    await expect(page).not.toHaveURL(/\/auth\/signin/);
    await page.goto('/chat');
    await expect(page.locator(`[data-testid="chat-list-item"][data-chat-id="${chatId}"]`)).toBeVisible();
  });
}

// Flips the policy every visitor is under: runs alone (@exclusive).
for (const lang of ['en', 'ru'] as const) {
  const T = TEXT[lang];

  test(`@exclusive an unconfirmed account cannot buy while the operator keeps the default (${lang})`, async ({
    page,
    browser,
  }) => {
    const operator = await operatorPage(browser);
    await operator.page.goto('/admin/accounts');
    const buy = operator.page.getByTestId('admin-unverified-buy');
    await buy.uncheck();
    await operator.page.getByTestId('admin-account-save').click();
    await expect(operator.page.getByTestId('toast').filter({ hasText: 'Saved' })).toBeVisible();
    try {
      const account = await signedIn(page, `gate${lang}`, { language: lang });
      await account.request.post('/api/user/update', {
        headers: account.headers,
        data: { name: 'Robin', age: 30, sex: 'male', country: 'DE' },
      });
      const refused = await page.request.post('/api/payment/purchase', {
        headers: account.headers,
        data: { packId: 'pack-m' },
      });
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
      await page.goto('/profile');
      await expect(page.getByTestId('account-section')).toContainText(T.buyHint);
      const link = await outboxLink(page, account.email, 'email_verification');
      await page.goto(new URL(link).pathname + new URL(link).search);
      await expect(page.getByTestId('verify-email-done')).toBeVisible();
      const ok = await page.request.post('/api/payment/purchase', {
        headers: account.headers,
        data: { packId: 'pack-m' },
      });
      expect(ok.status()).toBe(200);
    } finally {
      await operator.page.reload();
      await operator.page.getByTestId('admin-unverified-buy').check();
      await operator.page.getByTestId('admin-account-save').click();
      await expect(operator.page.getByTestId('toast').filter({ hasText: 'Saved' }).first()).toBeVisible();
      await operator.context.close();
    }
  });
}
