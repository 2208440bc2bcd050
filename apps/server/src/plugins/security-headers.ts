/*
 * The parts of the security headers (helmet, app.ts) that depend on where the app is published
 * (docs/decisions/032-headers-and-geo-tier.md).
 */

/**
 * CSP connect-src: our own origin only. The SPA calls `/api` and opens Socket.IO on the origin that
 * served it (apps/web/src/lib/socket.ts; the Vite dev server proxies both, and serves the SPA
 * itself without our CSP). `'self'` covers same-origin ws:/wss: in current browsers (CSP 3);
 * browsers that predate that (Safari < 16) get the socket origin spelled out from PUBLIC_URL, and
 * without it fall back to Socket.IO's long polling, which `'self'` allows. Never bare `ws:`/`wss:`,
 * which would let an injected script talk to any host.
 */
export function connectSources(publicUrl: string | undefined): string[] {
  if (!publicUrl) return ["'self'"];
  const url = new URL(publicUrl);
  const https = url.protocol === 'https:';
  return ["'self'", `${https ? 'wss' : 'ws'}://${url.host}`];
}

/**
 * HSTS only when the app is published over https (PUBLIC_URL): over plain http the header means
 * nothing to browsers but tells every proxy and tool that the site is https-only, and a local or
 * LAN install on http://host:3000 must not pin itself.
 */
export function strictTransportSecurity(
  publicUrl: string | undefined,
): { maxAge: number; includeSubDomains: boolean } | false {
  return publicUrl && new URL(publicUrl).protocol === 'https:'
    ? { maxAge: 31_536_000, includeSubDomains: true }
    : false;
}
