import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { EXCLUSIVE } from './exclusive.ts';
import { openChat, payingUser, type Account } from './fixtures.ts';
import { ownServerBase, startOwnServer, type OwnServer } from './own-server.ts';

/*
 * Her voice out of the box (issue 10): a second Amora server (the built app) whose PATH holds
 * nothing but `node`, so neither Debian's espeak-ng nor ffmpeg can be found. A paying user reaches
 * level 2, asks for a voice note, and the browser loads it (an MP3 with a real duration) and
 * plays it.
 */

const base = ownServerBase(29);
let server: OwnServer | undefined;
let bin: string;

test.use({ baseURL: base });

test.beforeAll(async () => {
  // A fresh server seeds the demo characters' art first: on a busy machine that takes a while.
  test.setTimeout(240_000);
  bin = mkdtempSync(join(tmpdir(), 'amora-e2e-node-only-'));
  symlinkSync(process.execPath, join(bin, 'node'));
  for (const cmd of ['espeak-ng', 'ffmpeg']) {
    expect(
      spawnSync(cmd, ['-version'], { env: { PATH: bin } }).error,
      `${cmd} is out of reach`,
    ).toBeDefined();
  }
  server = await startOwnServer({
    portOffset: 29,
    name: 'voice',
    isolatedEnv: true,
    // Its own first start, seeding included, runs without the binaries too.
    fresh: true,
    env: { PATH: bin, REPLY_DELAY_MS: '300' },
    startTimeoutMs: 230_000,
  });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(bin, { recursive: true, force: true });
});

type Api = Pick<Account, 'request' | 'headers'>;

async function command(api: Api, chatId: string, text: string): Promise<void> {
  const res = await api.request.post(`/api/chat/command/${chatId}`, {
    headers: api.headers,
    data: { command: text },
  });
  expect(res.status(), `${text}: ${await res.text()}`).toBe(200);
}

async function chatState(
  api: Api,
  chatId: string,
): Promise<{ locked: boolean; points: number; level: number }> {
  const res = await api.request.get(`/api/chat/${chatId}`, { headers: api.headers });
  return ((await res.json()) as { data: { locked: boolean; points: number; level: number } }).data;
}

test(
  'a voice note plays in the browser from a server without espeak-ng or ffmpeg',
  EXCLUSIVE,
  async ({ page }) => {
    const api = await payingUser(page, 'voice');
    const chatId = await openChat(api, 0);
    // Level 2 opens voice notes: jewelry (8 points each), waiting for her thank-you each time.
    let state = await chatState(api, chatId);
    while (state.points < 20) {
      await command(api, chatId, 'gift:jewelry');
      await expect.poll(async () => (await chatState(api, chatId)).locked, { timeout: 15_000 }).toBe(false);
      state = await chatState(api, chatId);
    }
    expect(state.level).toBeGreaterThanOrEqual(2);
    await command(api, chatId, 'request:voice');

    await page.goto(`/chat/${chatId}`);
    const player = page.getByTestId('voice-player').last();
    await expect(player).toBeVisible();
    const audio = player.getByTestId('voice-audio');
    // A signed, per-user URL to the MP3 (protected media, decision 040). The player asks for the
    // signature after it renders, so the attribute is waited for, not read at once.
    await expect(audio).toHaveAttribute('src', /\.mp3\?u=[^&]+&e=\d+&s=/);
    const src = await audio.getAttribute('src');
    const file = await page.request.get(src!);
    expect(file.ok()).toBe(true);
    expect(file.headers()['content-type']).toMatch(/^audio\/mpeg/);

    // The browser decodes it: metadata with a real length.
    const duration = await audio.evaluate(
      (el: HTMLAudioElement) =>
        new Promise<number>((resolve, reject) => {
          if (el.readyState >= 1) return resolve(el.duration);
          el.addEventListener('loadedmetadata', () => resolve(el.duration), { once: true });
          el.addEventListener('error', () => reject(new Error(`audio error ${el.error?.code}`)), {
            once: true,
          });
          el.load();
        }),
    );
    expect(duration).toBeGreaterThan(0.5);
    expect(duration).toBeLessThan(30);

    // And plays it.
    await audio.evaluate((el: HTMLAudioElement) => {
      el.muted = true;
    });
    await player.getByTestId('voice-toggle').click();
    await expect(player).toHaveAttribute('data-playing', 'true');
    await expect
      .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.3);
  },
);
