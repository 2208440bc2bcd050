import { EXCLUSIVE } from './exclusive.ts';
import { ownServerBase, startOwnServer, type OwnServer } from './own-server.ts';
import { expect, test, type Page } from '@playwright/test';
import {
  COMPLETION_TEXT,
  STREAM_PIECES,
  startLlmLoopback,
  type LlmLoopback,
} from '../apps/server/src/test/llm-loopback.ts';

/*
 * The OpenAI-compatible engine in the browser: a second Amora server (the built app) talks to a
 * loopback model server that streams the real wire format. Her reply grows on screen, and the AI
 * status banner appears while the model is down and goes away when it recovers.
 */

const base = ownServerBase(17);
let llm: LlmLoopback;
let server: OwnServer | undefined;

test.beforeAll(async () => {
  llm = await startLlmLoopback();
  llm.pieceDelayMs = 250; // slow enough to watch the message grow
  server = await startOwnServer({
    portOffset: 17,
    name: 'llm',
    env: { LLM_BASE_URL: llm.url, LLM_MODEL: 'test', LLM_RETRIES: '0' },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await llm?.close();
});

async function openChat(page: Page): Promise<string> {
  await page.context().addCookies([{ name: 'age_verified', value: 'true', url: base }]);
  const email = `llm.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const res = await page.request.post(`${base}/api/auth/sign-up`, {
    data: { email, password: 'a long password 1', termsAccepted: true },
  });
  expect(res.status()).toBe(201);
  const { accessToken } = (await res.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  expect(
    (
      await page.request.post(`${base}/api/user/update`, {
        headers,
        data: { name: 'Robin', age: 30, sex: 'male', country: 'DE' },
      })
    ).ok(),
  ).toBe(true);
  const bots = ((await (await page.request.get(`${base}/api/bots`)).json()) as { data: { _id: string }[] })
    .data;
  const created = await page.request.post(`${base}/api/chat`, { headers, data: { botId: bots[4]!._id } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { chat: { _id: string } } }).data.chat._id;
}

test(
  'her reply streams in as it is written; the AI status banner shows while the model is down',
  EXCLUSIVE,
  async ({ page }, info) => {
    const chatId = await openChat(page);
    await page.goto(`${base}/chat/${chatId}`);
    const theirs = page.locator('[data-testid="message"][data-self="false"]');
    await expect(theirs.first()).toContainText(COMPLETION_TEXT);
    const banner = page.getByTestId('ai-status-banner');
    await expect(banner).toBeHidden();

    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('Hello you');
    await input.press('Enter');

    // Watch her newest bubble: it must show part of the text before the whole of it.
    const full = STREAM_PIECES.join('');
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const count = await theirs.count();
          const text = count > 1 ? ((await theirs.nth(count - 1).textContent()) ?? '') : '';
          if (text) seen.add(text);
          return [...seen].some((t) => t.includes(full));
        },
        { intervals: [50], timeout: 15_000 },
      )
      .toBe(true);
    const partial = [...seen].filter((t) => !t.includes(full) && t.includes(STREAM_PIECES[0]!));
    expect(partial.length).toBeGreaterThan(0);

    // Two replies in a row fail: the engine is down, the banner says so.
    for (const text of ['DOWN first', 'DOWN second']) {
      await expect(input).toBeEnabled();
      await input.fill(text);
      await input.press('Enter');
      await expect(page.locator('[data-testid="message"][data-self="true"]').last()).toContainText(text);
      await expect(page.getByTestId('conversation')).not.toHaveAttribute('data-locked', 'true');
    }
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("She can't answer right now.");
    // It fits at phone, tablet and desktop widths.
    const original = page.viewportSize();
    for (const width of [390, 820, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(banner).toBeInViewport();
      const box = await banner.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: info.outputPath(`ai-status-banner-${width}.png`) });
    }
    if (original) await page.setViewportSize(original);

    // The next good reply brings it back.
    await input.fill('Are you back?');
    await input.press('Enter');
    await expect(theirs.last()).toContainText(full);
    await expect(banner).toBeHidden();
  },
);
