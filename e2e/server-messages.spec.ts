import { expect, test } from '@playwright/test';
import { signedIn, stamp } from './fixtures.ts';

/** Server messages follow the interface language (docs/decisions/025): a Russian user reads Russian. */
test('a Russian user sees the server refusal in Russian, an English one in English', async ({ page }) => {
  const { token } = await signedIn(page, 'msg', { language: 'ru' });

  await page.goto('/wallet');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  const promo = page.getByTestId('promo-code');
  await promo.getByRole('textbox').fill(`NOPE${stamp()}`.toUpperCase());
  await promo.locator('button[type="submit"]').click();
  await expect(promo.getByRole('alert')).toHaveText('Неизвестный промокод');

  // The account and this device back to English: the same refusal reads English.
  const english = await page.request.post('/api/user/language', {
    data: { language: 'en' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(english.status()).toBe(200);
  await page.evaluate(() => localStorage.setItem('amora.language', 'en'));
  await page.goto('/wallet');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await promo.getByRole('textbox').fill(`NOPE${stamp()}`.toUpperCase());
  await promo.locator('button[type="submit"]').click();
  await expect(promo.getByRole('alert')).toHaveText('Unknown promo code');
});
