import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { AppInstance } from '../app-types.ts';
import { buildApp, type BuildOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { migratedPgliteTemplate } from '../db/client.ts';

/** Demo art is deterministic, so every test app shares one media folder and renders it once. */
export const TEST_MEDIA_ROOT = join(tmpdir(), 'amora-test-media');

let template: Promise<Blob | File> | undefined;

export type TestApp = { app: AppInstance; config: Config; close: () => Promise<void> };

/**
 * A fresh app on a fresh database: in-memory PGlite, or — when DATABASE_URL is set — a new
 * PostgreSQL database created for this app and dropped afterwards.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: BuildOptions = {},
  /** Another node on the same PostgreSQL database (multi-node tests). */
  shareWith?: TestApp,
): Promise<TestApp> {
  let databaseUrl: string | undefined = shareWith?.config.DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | undefined;
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl && !databaseUrl) {
    const name = `amora_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    REPLY_DELAY_MS: '0',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '100000',
    RATE_LIMIT_WRITES: '100000',
    WEB_DIST: '',
    // Other suites buy right after sign-up; the account tests set the real default (decision 095).
    UNVERIFIED_CAN_BUY: 'true',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const pgliteTemplate = databaseUrl ? undefined : await (template ??= migratedPgliteTemplate());
  const app = await buildApp(config, {
    mediaRoot: TEST_MEDIA_ROOT,
    logger: false,
    ...(pgliteTemplate ? { pgliteTemplate } : {}),
    ...opts,
  });
  return {
    app,
    config,
    async close() {
      await app.close();
      await dropDatabase?.();
    },
  };
}

export type Session = { token: string; userId: string; cookie: string; email: string };

let counter = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}.${(counter++).toString(36)}.${randomBytes(2).toString('hex')}@example.com`;

export function refreshCookie(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = list.find((c) => c.startsWith('amora_refresh='));
  if (!found) throw new Error('no refresh cookie set');
  return found.split(';')[0]!;
}

export async function signUp(
  app: AppInstance,
  email = uniqueEmail(),
  password = 'correct horse battery',
): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email, password, termsAccepted: true },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const body = res.json<{ accessToken: string; user: { _id: string } }>();
  return {
    token: body.accessToken,
    userId: body.user._id,
    cookie: refreshCookie(res.headers['set-cookie']),
    email,
  };
}

/** The operator account `createAdminTestApp` starts the app with. */
export const TEST_ADMIN = { email: 'operator@example.com', password: 'operator password 1' };

/** A fresh app (as `createTestApp`, plus `env`) with an operator account, and that operator signed in. */
export async function createAdminTestApp(
  env: Record<string, string> = {},
): Promise<{ t: TestApp; admin: Session }> {
  const t = await createTestApp({
    ...env,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
  });
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: TEST_ADMIN });
  if (res.statusCode !== 200) throw new Error(`operator sign-in failed: ${res.body}`);
  const body = res.json<{ accessToken: string; user: { _id: string } }>();
  const admin = {
    token: body.accessToken,
    userId: body.user._id,
    cookie: refreshCookie(res.headers['set-cookie']),
    email: TEST_ADMIN.email,
  };
  return { t, admin };
}

/** Signs up and completes onboarding. */
export async function onboardedUser(app: AppInstance, name = 'Alex'): Promise<Session> {
  const s = await signUp(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/update',
    headers: { authorization: `Bearer ${s.token}` },
    payload: { name, age: 27, sex: 'male', country: 'DE' },
  });
  if (res.statusCode !== 200) throw new Error(`onboarding failed: ${res.body}`);
  return s;
}

export const bearer = (s: { token: string }) => ({ authorization: `Bearer ${s.token}` });

/** A new chat of the user with the `botIndex`-th character of the catalogue (`language`: the chat's own). */
export async function createChat(
  app: AppInstance,
  s: { token: string },
  opts: { botIndex?: number; language?: string } = {},
): Promise<{ _id: string }> {
  const bots = (await app.inject({ method: 'GET', url: '/api/bots' })).json<{ data: { _id: string }[] }>()
    .data;
  const res = await app.inject({
    method: 'POST',
    url: '/api/chat',
    headers: bearer(s),
    payload: { botId: bots[opts.botIndex ?? 0]!._id, ...(opts.language ? { language: opts.language } : {}) },
  });
  if (res.statusCode !== 201) throw new Error(`creating a chat failed: ${res.body}`);
  return res.json<{ data: { chat: { _id: string } } }>().data.chat;
}

/** Polls until `check` returns a value (for work that finishes after the response). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  tries = 200,
): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await check();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not reached');
}
