import { expect, test, type Locator } from '@playwright/test';
import { ageVerified } from './fixtures.ts';

/*
 * SPEC §3 home grid: a character with a video avatar plays her clip on the card, on hover where
 * there is a mouse and while the card is in view on a touch screen; a visitor who asks for reduced
 * motion gets her photo only. The other journeys run with reduced motion (decision 207).
 */
test.use({ reducedMotion: 'no-preference' });

const playing = (video: Locator) =>
  video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0 && v.readyState >= 2);

test('a video card plays her clip, and stops for a visitor who asks for reduced motion', async ({ page }) => {
  await ageVerified(page.context());
  await page.goto('/');
  const card = page
    .getByTestId('model-card')
    .filter({ has: page.locator('video') })
    .first();
  await card.scrollIntoViewIfNeeded();
  const video = card.locator('video');
  if (test.info().project.use.hasTouch) {
    await expect.poll(() => playing(video)).toBe(true);
  } else {
    await expect.poll(() => playing(video)).toBe(false);
    await card.hover();
    await expect.poll(() => playing(video)).toBe(true);
  }

  const id = await card.getAttribute('data-bot-id');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const same = page.locator(`[data-testid="model-card"][data-bot-id="${id}"]`);
  await expect(same.locator('img').first()).toBeVisible();
  await expect(same.locator('video')).toHaveCount(0);
  await expect(page.getByTestId('model-card').locator('video')).toHaveCount(0);
});
