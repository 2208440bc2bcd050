import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { openChat, payingUser, type Account } from './fixtures.ts';

/**
 * Media in chats (issue 3): a paying user reaches level 2 with gifts, asks her for a photo and a
 * voice note (the request commands), opens the photo full size and plays the voice note; a photo
 * asked for in words arrives blurred and is revealed for tokens; at 40 points the photo button
 * sends a picture the browser resized.
 */
const PICTURE = fileURLToPath(new URL('../apps/web/public/icon-512.png', import.meta.url));

type Api = Pick<Account, 'request' | 'headers'>;
type ChatState = { locked: boolean; points: number; level: number };

async function chatState(api: Api, chatId: string): Promise<ChatState> {
  const res = await api.request.get(`/api/chat/${chatId}`, { headers: api.headers });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: ChatState }).data;
}

async function command(api: Api, chatId: string, text: string): Promise<void> {
  const res = await api.request.post(`/api/chat/command/${chatId}`, {
    headers: api.headers,
    data: { command: text },
  });
  expect(res.status(), `${text}: ${await res.text()}`).toBe(200);
}

/** Jewelry (8 points each) until the chat has `points`, waiting for her thank-you each time. */
async function giftUntil(api: Api, chatId: string, points: number): Promise<ChatState> {
  let state = await chatState(api, chatId);
  while (state.points < points) {
    await command(api, chatId, 'gift:jewelry');
    await expect.poll(async () => (await chatState(api, chatId)).locked, { timeout: 15_000 }).toBe(false);
    state = await chatState(api, chatId);
  }
  return state;
}

test('level 2: her photo opens full size and her voice note plays', async ({ page }) => {
  const api = await payingUser(page, 'media');
  const chatId = await openChat(api, 0);
  const state = await giftUntil(api, chatId, 20);
  expect(state.level).toBeGreaterThanOrEqual(2);
  await command(api, chatId, 'request:photo');
  await command(api, chatId, 'request:voice');

  await page.goto(`/chat/${chatId}`);
  const photo = page.getByTestId('message-photo').last();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.getByTestId('photo-open').last().click();
  const viewer = page.getByTestId('photo-viewer');
  await expect(viewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  const player = page.getByTestId('voice-player').last();
  await expect(player).toBeVisible();
  await player.getByTestId('voice-toggle').click();
  await expect(player).toHaveAttribute('data-playing', 'true');
  const audio = player.getByTestId('voice-audio');
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.3);
  await expect(player.getByTestId('voice-progress')).not.toHaveAttribute('data-progress', '0.000');
  await expect(player.getByTestId('voice-time')).not.toHaveText(/^0:00 \/ /, { timeout: 5_000 });
  await player.getByTestId('voice-toggle').click();
  await expect(player).not.toHaveAttribute('data-playing', 'true');
});

test('a photo asked for in words comes blurred and is revealed for tokens; at 40 points the user sends one', async ({
  page,
}) => {
  const api = await payingUser(page, 'media');
  const chatId = await openChat(api, 0);
  await giftUntil(api, chatId, 40);

  await page.goto(`/chat/${chatId}`);
  await expect(page.getByTestId('photo-button')).toBeVisible();
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('Send me a photo of you please');
  await input.press('Enter');
  const locked = page.getByTestId('locked-photo').last();
  await expect(locked).toBeVisible({ timeout: 15_000 });
  const balanceBefore = (await (await api.request.get('/api/wallet', { headers: api.headers })).json()) as {
    tokens: number;
  };
  await locked.getByTestId('reveal-button').click();
  await expect(page.getByTestId('locked-photo')).toHaveCount(0);
  await expect(page.getByTestId('message-photo').last()).toBeVisible();
  const balanceAfter = (await (await api.request.get('/api/wallet', { headers: api.headers })).json()) as {
    tokens: number;
  };
  expect(balanceAfter.tokens).toBeLessThan(balanceBefore.tokens);
  await expect(page.getByTestId('conversation')).not.toHaveAttribute('data-locked', 'true');

  // The photo button: the picked picture is resized in the browser and sent.
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().includes(`/api/chat/send/${chatId}`) && r.method() === 'POST'),
    page.getByTestId('photo-input').setInputFiles(PICTURE),
  ]);
  const body = request.postDataJSON() as { type: string; message: { photo: string } };
  expect(body.type).toBe('photo');
  expect(body.message.photo).toMatch(/^data:image\/jpeg;base64,/);
  const mine = page.locator('[data-testid="message"][data-self="true"]').last();
  await expect(mine.getByTestId('message-photo')).toBeVisible();
  await expect(mine).not.toHaveAttribute('data-pending', 'true', { timeout: 10_000 });
  const sent = mine.getByTestId('message-photo');
  await expect(sent).toHaveAttribute('src', /^\/media\//);
  // Resized to fit 800×600: the 512×512 icon stays 512 wide (never enlarged).
  await expect.poll(() => sent.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
  // She answers it.
  await expect(page.getByTestId('conversation')).not.toHaveAttribute('data-locked', 'true', {
    timeout: 15_000,
  });
});

test('level 4: "Get video" from her offer, the first one free; the clip replaces the placeholder and plays', async ({
  page,
}) => {
  const api = await payingUser(page, 'media');
  const bots = (
    (await (await api.request.get('/api/bots')).json()) as { data: { _id: string; is_video: boolean }[] }
  ).data;
  const created = await api.request.post('/api/chat', {
    headers: api.headers,
    data: { botId: bots.find((b) => b.is_video)!._id },
  });
  expect(created.status()).toBe(201);
  const chatId = ((await created.json()) as { data: { chat: { _id: string } } }).data.chat._id;
  const state = await giftUntil(api, chatId, 58);
  expect(state.level).toBe(4);

  await page.goto(`/chat/${chatId}`);
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('Can you send me a video?');
  await input.press('Enter');
  const offer = page.getByTestId('video-offer').last();
  await expect(offer).toBeVisible({ timeout: 15_000 });
  await expect(offer).toContainText('Your first video is free');
  const tokensBefore = (
    (await (await api.request.get('/api/wallet', { headers: api.headers })).json()) as {
      tokens: number;
    }
  ).tokens;
  await offer.getByTestId('get-video').click();
  const video = page.getByTestId('message-video').last();
  await expect(video).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('video-pending')).toHaveCount(0);
  const tokensAfter = (
    (await (await api.request.get('/api/wallet', { headers: api.headers })).json()) as {
      tokens: number;
    }
  ).tokens;
  expect(tokensAfter).toBe(tokensBefore);
  await video.evaluate((el: HTMLVideoElement) => {
    el.muted = true;
    return el.play();
  });
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0);
});
