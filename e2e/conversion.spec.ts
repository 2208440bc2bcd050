import { expect, test, type Page } from '@playwright/test';
import { EXCLUSIVE } from './exclusive.ts';
import { adminToken, ageVerified, payWith, signedIn, type Account } from './fixtures.ts';

/**
 * The offers that convert (issue 12 item 4): the leave offer on exit intent, honoured at checkout;
 * the mystery box bought and opened; the upsell and marketing lists; the trial dialog; fortune.
 */

const words = {
  en: {
    leaveTitle: 'Wait! A gift before you go',
    accept: 'Use my 20% discount',
    upsell: 'Exclusive photos and videos',
    boxTitle: 'Mystery box',
    won: /You won [\d\s]+ tokens!/,
    trialTitle: 'Try everything for less',
    trialStart: 'Start the trial',
    marketing: 'Sexting with no taboos',
    soon: 'Coming soon',
    full: /^\$7\.99$/,
    off: /\$6\.39/,
  },
  ru: {
    leaveTitle: 'Подождите! Подарок на прощание',
    accept: 'Забрать скидку 20%',
    upsell: 'Эксклюзивные фото и видео',
    boxTitle: 'Сундук с сюрпризом',
    won: /Вы выиграли [\d\s]+ токенов!/,
    trialTitle: 'Попробуйте всё дешевле',
    trialStart: 'Начать пробный период',
    marketing: 'Секстинг без табу',
    soon: 'Скоро',
    full: /^7,99\s\$$/,
    off: /6,39\s\$/,
  },
} as const;
type Lang = keyof typeof words;

async function userIn(page: Page, prefix: string, lang: Lang): Promise<Account> {
  await page.addInitScript((l) => localStorage.setItem('amora.language', l), lang);
  return signedIn(page, `${prefix}-${lang}`, { language: lang });
}

/** The visitor seems to leave: the pointer through the top edge (desktop), Back (phones). */
async function leave(page: Page): Promise<void> {
  if (test.info().project.use.isMobile) {
    await page.goBack();
    return;
  }
  await page.mouse.move(600, 300);
  await page.mouse.move(600, 5, { steps: 3 });
  await page.mouse.move(600, -20, { steps: 2 });
}

/** The payment id of the result page the sandbox returned to. */
const paymentIdOf = (page: Page) => new URL(page.url()).searchParams.get('paymentId')!;

for (const lang of ['en', 'ru'] as const) {
  const w = words[lang];

  test(`(${lang}) the leave offer shows on exit from checkout and the server takes it off the payment`, async ({
    page,
  }) => {
    const account = await userIn(page, 'leave', lang);
    await page.goto('/paywall');
    await expect(page.getByTestId('upsell-list')).toContainText(w.upsell);
    await page.locator('[data-testid="pack-card"][data-pack-id="pack-m"]').click();
    await expect(page.getByTestId('paywall-checkout')).toBeVisible();
    await expect(page.getByTestId('checkout-price')).toHaveText(w.full);

    await leave(page);
    const dialog = page.getByTestId('leave-offer-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(w.leaveTitle);
    await dialog.getByRole('button', { name: w.accept }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/paywall\/checkout\?pack=pack-m/);
    // 20 % off $7.99, shown before paying...
    await expect(page.getByTestId('checkout-leave-discount')).toBeVisible();
    await expect(page.getByTestId('checkout-price')).toContainText(w.off);

    await page.getByTestId('pay-by-card').click();
    await page.getByTestId('continue-to-payment').click();
    // ...and charged by the processor: the server honoured the grant.
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveText('Pay $6.39');
    await payWith(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('paywall-success')).toBeVisible({ timeout: 20_000 });
    const status = await page.request.get(`/api/payment/status/${paymentIdOf(page)}`, {
      headers: account.headers,
    });
    expect(await status.json()).toMatchObject({ status: 'success', amount: 639 });

    // Once: the next checkout is at the full price and leaving shows nothing.
    await page.goto('/paywall/checkout?pack=pack-m');
    await expect(page.getByTestId('checkout-price')).toHaveText(w.full);
    const offers = await page.request.get('/api/offers', { headers: account.headers });
    expect(((await offers.json()) as { offers: object }).offers).not.toHaveProperty('leave_offer');
  });

  test(`(${lang}) the mystery box: published odds, bought with the sandbox card, opened with its prize`, async ({
    page,
  }) => {
    const account = await userIn(page, 'box', lang);
    await page.goto('/paywall');
    const box = page.getByTestId('mystery-box');
    await expect(box).toContainText(w.boxTitle);
    await expect(box.getByTestId('mystery-box-odds').getByRole('listitem')).toHaveCount(4);
    await expect(box.getByTestId('mystery-box-odds')).toContainText('50%');
    await box.getByTestId('mystery-box-buy').click();
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveText('Pay $3.99');
    await payWith(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('paywall-success')).toBeVisible({ timeout: 20_000 });
    const reveal = page.getByTestId('mystery-box-reveal');
    await expect(reveal).toHaveAttribute('data-opened', 'true', { timeout: 15_000 });
    await expect(page.getByTestId('mystery-box-result')).toHaveText(w.won);

    // The prize shown is the one the server drew and credited.
    const result = await page.request.get(`/api/offers/mystery-box/${paymentIdOf(page)}`, {
      headers: account.headers,
    });
    const { reward } = (await result.json()) as { reward: number };
    expect([100, 250, 600, 1500]).toContain(reward);
    const me = await page.request.get('/api/user', { headers: account.headers });
    expect(((await me.json()) as { user: { tokens: number } }).user.tokens).toBe(500 + reward);
  });

  test(`(${lang}) a guest sees the marketing list on home; a user sees fortune coming soon in the wallet`, async ({
    page,
  }) => {
    await ageVerified(page.context());
    await page.addInitScript((l) => localStorage.setItem('amora.language', l), lang);
    await page.goto('/');
    await expect(page.getByTestId('marketing-features')).toContainText(w.marketing);
    await signedIn(page, `fortune-${lang}`, { language: lang });
    await page.goto('/wallet');
    await expect(page.getByTestId('fortune-soon')).toContainText(w.soon);
    await page.goto('/');
    await expect(page.getByTestId('models-grid')).toBeVisible();
    await expect(page.getByTestId('marketing-features')).toHaveCount(0);
  });

  test(
    `(${lang}) the trial dialog greets a user who never subscribed, once, and leads to the trial checkout`,
    EXCLUSIVE,
    async ({ page, request }) => {
      const headers = { authorization: `Bearer ${await adminToken(request)}` };
      const stored = (await (await request.get('/api/admin/conversion', { headers })).json()) as {
        settings: { trial_dialog: object };
      };
      const now = { ...stored.settings, trial_dialog: { enabled: true, after_hours: 0 } };
      expect((await request.put('/api/admin/conversion', { headers, data: now })).ok()).toBe(true);
      try {
        await userIn(page, 'trial', lang);
        await page.goto('/');
        const dialog = page.getByTestId('trial-dialog');
        await expect(dialog).toContainText(w.trialTitle);
        await expect(dialog.getByTestId('upsell-list')).toContainText(w.upsell);
        await dialog.getByRole('button', { name: w.trialStart }).click();
        await expect(page).toHaveURL(/\/paywall\/checkout\?plan=plan-trial/);
        await page.goto('/');
        await expect(page.getByTestId('models-grid')).toBeVisible();
        await expect(page.getByTestId('trial-dialog')).toHaveCount(0);
      } finally {
        const restore = await request.put('/api/admin/conversion', { headers, data: stored.settings });
        expect(restore.ok()).toBe(true);
      }
    },
  );
}
