import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

/** The headers of one answer of an app started with `env`. */
async function headersWith(env: Record<string, string>) {
  const t = await createTestApp(env);
  try {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const connectSrc = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('connect-src '));
    return { connectSrc, hsts: res.headers['strict-transport-security'] };
  } finally {
    await t.close();
  }
}

describe('security headers', () => {
  it('connect-src is our own origin only, and no HSTS without an https PUBLIC_URL', async () => {
    const h = await headersWith({});
    expect(h.connectSrc).toBe("connect-src 'self'");
    expect(h.hsts).toBeUndefined();
  });

  it('behind https PUBLIC_URL: the same-origin wss socket and HSTS', async () => {
    const h = await headersWith({ PUBLIC_URL: 'https://amora.example:8443/app' });
    expect(h.connectSrc).toBe("connect-src 'self' wss://amora.example:8443");
    expect(h.hsts).toBe('max-age=31536000; includeSubDomains');
  });

  it('on a plain http PUBLIC_URL: the same-origin ws socket and no HSTS', async () => {
    const h = await headersWith({ PUBLIC_URL: 'http://192.168.1.20:3000' });
    expect(h.connectSrc).toBe("connect-src 'self' ws://192.168.1.20:3000");
    expect(h.hsts).toBeUndefined();
  });
});
