import { expect, test } from '@playwright/test';

/** SPEC §9: a New user's time-limited offer of 1 599 tokens, with a countdown that survives reloads. */
const toSeconds = (hms: string) => hms.split(':').reduce((acc, part) => acc * 60 + Number(part), 0);

test('the new-user offer counts down across reloads and buys 1 599 tokens', async ({ page }) => {
  const base = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: 'age_verified', value: 'true', url: base }]);
  const email = `offer.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  const res = await page.request.post('/api/auth/sign-up', {
    data: { email, password: 'a long password 1', termsAccepted: true },
  });
  expect(res.status()).toBe(201);

  await page.goto('/paywall');
  const offer = page.getByTestId('new-user-offer');
  await expect(offer).toContainText('1 599 tokens');
  await expect(offer).toContainText('$7.99');
  const countdown = page.getByTestId('new-user-offer-countdown');
  await expect(countdown).toHaveText(/^23:59:\d\d$/);
  const before = toSeconds((await countdown.textContent())!);
  await page.waitForTimeout(1_200);
  await page.reload();
  await expect(countdown).toHaveText(/^23:59:\d\d$/);
  expect(toSeconds((await countdown.textContent())!)).toBeLessThan(before);
  // The regular packs are unchanged.
  await expect(page.getByTestId('pack-card')).toHaveCount(4);

  await offer.click();
  await expect(page).toHaveURL(/\/paywall\/checkout\?pack=pack-welcome/);
  await expect(page.getByTestId('checkout-total-tokens')).toHaveText('1 599');
  await page.getByTestId('pay-by-card').click();
  await page.getByTestId('continue-to-payment').click();
  await expect(page).toHaveURL(/\/sandbox\/pay\/cs_/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/paywall\/success/, { timeout: 20_000 });
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toContainText('2 099');
  // Paid: the offer is gone.
  await page.goto('/paywall');
  await expect(page.getByTestId('pack-card')).toHaveCount(4);
  await expect(page.getByTestId('new-user-offer')).toHaveCount(0);
});
