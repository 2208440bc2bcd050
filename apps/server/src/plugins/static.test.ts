import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// The web build writes .br and .gz copies beside its text files (apps/web/vite.config.ts).
let t: TestApp;
const webDist = mkdtempSync(join(tmpdir(), 'amora-web-'));
const js = 'console.log("a long enough script");'.repeat(50);
const html = `<!doctype html><html><body><div id="root"></div>SPA${' '.repeat(2000)}</body></html>`;
beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  for (const [path, text] of [
    ['index.html', html],
    ['assets/app-abc123.js', js],
  ] as const) {
    writeFileSync(join(webDist, path), text);
    writeFileSync(join(webDist, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(webDist, `${path}.gz`), gzipSync(text));
  }
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => t.close());

describe('static files', () => {
  it('sends the Brotli or gzip copy the browser accepts, cached for a year', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.length).toBeLessThan(js.length / 4);
    }
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(js);
  });

  it('compresses the app shell of a deep link, which is always revalidated', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/chat/123',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
