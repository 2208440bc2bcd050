import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { browser } from './browser.ts';

const PORT = Number(process.env.E2E_PORT ?? 3310);
const dataDir = mkdtempSync(join(tmpdir(), 'amora-e2e-'));
// Names this run's template data folder for the journeys that start a server of their own
// (own-server.ts). Set in the runner before it starts its workers, which inherit it.
process.env.AMORA_E2E_RUN ??= `${process.pid}-${Date.now()}`;

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
/**
 * A journey written for both languages ("… (en)" / "… (ru)", "en: …" / "ru: …") runs in English
 * at desktop size and in Russian on the phone (decision 175): each language and each size is
 * covered, Russian's longer words on the narrower screen, and the CI run stays under 30 minutes.
 */
const russian = /\(ru\)|\bru:/;
const english = /\(en\)|\ben:/;
const phone = { ...devices['Pixel 7'], browserName: 'chromium' as const };

/**
 * Drives the built app (npm run build) served by the real server on a fresh embedded database,
 * in Debian's Chromium, at desktop and phone sizes.
 */
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts/,
  // CI machines are shared and slower than a laptop: a passing run never waits for a limit, so CI
  // gets room (beside the server suites a journey that takes 9 s alone took 42 s; since decision
  // 183 they no longer run at the same time).
  timeout: process.env.CI ? 90_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  fullyParallel: false,
  // Two journeys at a time (files, not tests, are spread over the workers); the @exclusive ones run
  // afterwards, one at a time, in their own projects below.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A broken server fails every later journey: stop early instead of running out the CI clock.
  maxFailures: process.env.CI ? 6 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    // Most journeys need neither the service worker nor motion, and on two cores without a GPU both
    // cost: every new context precached the whole build, and looping card videos and shimmering
    // skeletons were painted in software. Without them a sample of 40 journeys took 3.1 min instead
    // of 4.9 (decision 207). The journeys about the installed app allow the worker
    // (app-shell, offline, push), and motion.spec.ts keeps motion on.
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // Debian's headless shell when it is installed, else the full Chromium (e2e/browser.ts).
    launchOptions: browser,
  },
  projects: [
    { name: 'desktop', use: desktop, grepInvert: [/@exclusive/, russian] },
    { name: 'phone', use: phone, grepInvert: [/@exclusive/, english] },
    // Journeys that flip what every visitor sees (maintenance, theme) or need a fixed extra port:
    // after the others, one project after the other, so nothing runs beside them.
    {
      name: 'desktop-exclusive',
      use: desktop,
      grep: /@exclusive/,
      grepInvert: russian,
      workers: 1,
      dependencies: ['desktop', 'phone'],
    },
    {
      name: 'phone-exclusive',
      use: phone,
      grep: /@exclusive/,
      grepInvert: english,
      workers: 1,
      dependencies: ['desktop-exclusive'],
    },
  ],
  webServer: {
    command: 'node ../apps/server/dist/server.js',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    // A fresh database seeds the demo art first: about 20 s on a quiet machine, minutes on a loaded one.
    timeout: process.env.CI ? 300_000 : 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      REPLY_DELAY_MS: '300',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
      NODE_ENV: 'production',
      // Journeys buy right after sign-up; e2e/account.spec.ts turns the default back on (decision 095).
      UNVERIFIED_CAN_BUY: 'true',
      // app-shell.spec.ts: an operator account and a Telegram bot token to sign launch data with.
      ADMIN_EMAIL: 'e2e-admin@example.com',
      ADMIN_PASSWORD: 'e2e admin password',
      TELEGRAM_BOT_TOKEN: '424242:e2e-telegram-bot-token',
    },
  },
});
