import { existsSync } from 'node:fs';

/**
 * Which Chromium drives the journeys (decision 210). Debian's old headless shell (package
 * chromium-headless-shell) does what the journeys need with less work than the full browser in its
 * new headless mode: on two cores the whole suite took 16.2 min instead of 23.5 (24.4 min of test
 * time instead of 37.2). It is also what Playwright itself runs for headless Chromium. It has no
 * push service and keeps notifications blocked, so the web-push journey asks for the full browser
 * ({@link fullBrowser}).
 *
 * `CHROMIUM_PATH` overrides both (any Chromium works, only slower); without the shell installed the
 * full browser runs everything.
 */
const shell = '/usr/lib/chromium/chromium-headless-shell';
const full = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The browser most journeys run in. */
export const browser = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(shell) ? shell : full),
  args,
};

/** The full browser, for a journey that needs what the headless shell lacks (web push). */
export const fullBrowser = { executablePath: full, args };
