import { freePort, startServerProcess } from './test/server-process.ts';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_MEDIA_ROOT, createTestApp, type TestApp } from './test/test-app.ts';

let t: TestApp;
const webDist = mkdtempSync(join(tmpdir(), 'amora-web-'));
beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><body><div id="root"></div>SPA</body></html>',
  );
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(webDist, 'manifest.webmanifest'), '{"name":"Amora"}');
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => t.close());

describe('platform', () => {
  it('reports health once the database is migrated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('echoes a sane x-request-id and replaces a bad one', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': '<script>' },
    });
    expect(bad.headers['x-request-id']).not.toBe('<script>');
  });

  it('publishes OpenAPI at /api/docs covering every endpoint of the contract', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const spec = res.json();
    expect(spec.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/health',
      '/api/auth/sign-up',
      '/api/auth/sign-in',
      '/api/auth/refresh',
      '/api/auth/logout',
      '/api/auth/recovery',
      '/api/auth/reset-password',
      '/api/user',
      '/api/user/update',
      '/api/user/language',
      '/api/user/language-for-chats',
      '/api/settings',
      '/api/wallet',
      '/api/bots',
      '/api/bots/{id}',
      '/api/chat',
      '/api/chat/{id}',
      '/api/chat/send/{id}',
      '/api/chat/support',
    ]) {
      expect(spec.paths, path).toHaveProperty([path]);
    }
    expect(spec.paths['/api/auth/sign-up'].post.requestBody).toBeTruthy();
  });

  it('documents every API route it serves in the OpenAPI (only the docs themselves are left out)', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    // printRoutes draws the router as a tree, four columns per level; a node with methods is a route.
    const routes: string[] = [];
    const parents: string[] = [];
    for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
      if (!m) continue;
      const depth = m[1]!.length / 4;
      parents.length = depth;
      parents[depth] = m[2]!;
      for (const method of m[3]?.split(', ') ?? []) routes.push(`${method} ${parents.join('')}`);
    }
    // The reading above still sees the routes (a changed drawing must fail here, not pass silently).
    expect(routes).toContain('GET /api/health');
    expect(routes).toContain('POST /api/user/deactivate');
    expect(routes).toContain('GET /api/auth/:provider/signin');
    const undocumented = routes.filter((route) => {
      const [method, url] = route.split(' ') as [string, string];
      if (method === 'HEAD' || method === 'OPTIONS' || !url.startsWith('/api/')) return false;
      if (url === '/api/docs' || url.startsWith('/api/docs/')) return false;
      return !spec.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
    });
    expect(undocumented).toEqual([]);
  });

  it('answers unknown API paths with a JSON 404 and serves the SPA for deep links', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    for (const url of ['/', '/chat/123', '/onboarding/age', '/auth/recovery?token=x', '/profile']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('SPA');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a wrong content type clearly', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('configuration', () => {
  it('refuses invalid environment with a clear message', async () => {
    const { loadConfig } = await import('./config.ts');
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(loadConfig({}).PORT).toBe(3000);
    // Relative folders are resolved from where the command started (npm's INIT_CWD), so the static
    // file server and PGlite always get absolute paths.
    const rel = loadConfig({
      INIT_CWD: '/srv/amora',
      DATA_DIR: './data',
      MEDIA_DIR: 'media',
      WEB_DIST: 'web',
    });
    expect(rel).toMatchObject({
      DATA_DIR: '/srv/amora/data',
      MEDIA_DIR: '/srv/amora/media',
      WEB_DIST: '/srv/amora/web',
    });
    expect(loadConfig({ DATA_DIR: 'memory://' }).DATA_DIR).toBe('memory://');
    expect(loadConfig({ WEB_DIST: '' }).WEB_DIST).toBe('');
  });
});

const startServer = startServerProcess;

// A start takes minutes on a busy machine (CI runs both database suites beside the browser journeys).
async function waitForHealth(base: string, server: ReturnType<typeof startServer>) {
  let dead = false;
  void server.exited.then(() => (dead = true));
  for (let i = 0; i < 2400 && !dead; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start${dead ? ' (it exited)' : ''}:\n${server.output().slice(-3000)}`);
}

describe('process lifecycle', () => {
  it('generates secrets into DATA_DIR, and on SIGTERM finishes the reply in flight before closing the database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'amora-data-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: dataDir,
      PORT: port,
      MEDIA_DIR: TEST_MEDIA_ROOT,
      REPLY_DELAY_MS: '400',
      WEB_DIST: '',
    };
    delete (env as Record<string, string>).DATABASE_URL;
    const first = startServer({ ...env, DATABASE_URL: '' });
    await waitForHealth(base, first);
    const { readFileSync } = await import('node:fs');
    const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'));
    expect(secrets.jwtSecret.length).toBeGreaterThanOrEqual(32);

    const json = { 'content-type': 'application/json' };
    const signUp = (await (
      await fetch(`${base}/api/auth/sign-up`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'life@example.com', password: 'long enough pw', termsAccepted: true }),
      })
    ).json()) as { accessToken: string };
    const auth = { ...json, authorization: `Bearer ${signUp.accessToken}` };
    const bots = ((await (await fetch(`${base}/api/bots`)).json()) as { data: Array<{ _id: string }> }).data;
    const created = (await (
      await fetch(`${base}/api/chat`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ botId: bots[0]!._id }),
      })
    ).json()) as { data: { chat: { _id: string } } };
    const chat = created.data.chat;
    const sent = await fetch(`${base}/api/chat/send/${chat._id}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ message: { message: 'Are you there?' }, type: 'text' }),
    });
    expect(sent.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('closed cleanly');
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();

    // Same DATA_DIR again: same secrets (the old token still works) and the reply was stored.
    const second = startServer({ ...env, DATABASE_URL: '' });
    try {
      await waitForHealth(base, second);
      const history = (await (await fetch(`${base}/api/chat/${chat._id}`, { headers: auth })).json()) as {
        data: { locked: boolean; messages: Array<{ self: boolean }> };
      };
      expect(history.data.locked).toBe(false);
      expect(history.data.messages.map((m: { self: boolean }) => m.self)).toEqual([false, true, false]);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 300_000);
});
