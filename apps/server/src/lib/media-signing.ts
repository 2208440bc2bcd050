import { createHmac, timingSafeEqual } from 'node:crypto';

/** A signed media URL lives at most an hour (issue 11); the web app asks for fresh ones before then. */
export const MEDIA_URL_MAX_TTL_S = 3600;
export const MEDIA_URL_TTL_S = 3600;

export type MediaGrant = { key: string; userId: string; expires: number };

/**
 * HMAC-SHA256 signatures for media URLs: `/media/<key>?u=<userId>&e=<unix seconds>&s=<sig>`.
 * The signature covers the key, the user and the expiry, so a URL opens one file, for the user it
 * was issued to, until it expires (decision 040). The secret is generated like the others
 * (lib/secrets.ts), so every node accepts every node's URLs.
 */
export function createMediaSigner(secret: string) {
  const mac = (g: MediaGrant) =>
    createHmac('sha256', secret).update(`media\n${g.key}\n${g.userId}\n${g.expires}`).digest('base64url');

  return {
    sign(
      key: string,
      userId: string,
      now = Date.now(),
      ttlS = MEDIA_URL_TTL_S,
    ): { url: string; expires: number } {
      const expires = Math.floor(now / 1000) + Math.min(ttlS, MEDIA_URL_MAX_TTL_S);
      const s = mac({ key, userId, expires });
      const q = new URLSearchParams({ u: userId, e: String(expires), s });
      return { url: `/media/${key}?${q.toString()}`, expires };
    },
    /** The grant when the query is a valid, unexpired signature for `key`; null otherwise. */
    verify(
      key: string,
      query: { u?: unknown; e?: unknown; s?: unknown },
      now = Date.now(),
    ): MediaGrant | null {
      const { u, e, s } = query;
      if (typeof u !== 'string' || typeof e !== 'string' || typeof s !== 'string') return null;
      if (!/^\d{1,12}$/.test(e) || u.length === 0 || u.length > 100) return null;
      const expires = Number(e);
      if (expires * 1000 <= now) return null;
      if (expires - Math.floor(now / 1000) > MEDIA_URL_MAX_TTL_S + 60) return null;
      const expected = Buffer.from(mac({ key, userId: u, expires }));
      const given = Buffer.from(s);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { key, userId: u, expires };
    },
  };
}
export type MediaSigner = ReturnType<typeof createMediaSigner>;
