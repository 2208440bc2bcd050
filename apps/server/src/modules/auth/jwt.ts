import { ACCESS_TOKEN_TTL_S } from '@amora/shared/constants.ts';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'amora';
const AUDIENCE = 'amora-api';

/** Who an access token speaks for, and the session version it was issued under. */
export type AccessClaims = { userId: string; sessionVersion: number };

/** Tokens whose verification is remembered at most (decision 151). */
const VERIFIED_MAX = 20_000;

/** Short-lived access tokens (HS256, about 15 minutes) carrying the user's session version. */
export function createJwt(secret: string) {
  const key = new TextEncoder().encode(secret);
  /**
   * Tokens already verified, until their `exp` (decision 151): a client sends the same access
   * token with every request for its 15 minutes, and checking its signature again costs CPU and
   * a trip through the thread pool (WebCrypto), which a busy event loop answers late. A token's
   * signature cannot become invalid while the key is the same, and the session version and ban
   * are still checked on every request (decision 036). Failures are not remembered.
   */
  const verified = new Map<string, { claims: AccessClaims; expMs: number }>();
  return {
    async sign(userId: string, sessionVersion: number, ttlSeconds = ACCESS_TOKEN_TTL_S): Promise<string> {
      return new SignJWT({ sv: sessionVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    /** The claims of a valid token (signed, unexpired, with `exp` and `sv`), or null. */
    async verify(token: string): Promise<AccessClaims | null> {
      const hit = verified.get(token);
      if (hit) {
        if (Date.now() < hit.expMs) return hit.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
        });
        const sv = payload.sv;
        if (typeof payload.sub !== 'string' || typeof sv !== 'number' || !Number.isInteger(sv)) return null;
        const claims = { userId: payload.sub, sessionVersion: sv };
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_MAX) {
            const oldest = verified.keys().next().value;
            if (oldest !== undefined) verified.delete(oldest);
          }
          verified.set(token, { claims, expMs: payload.exp * 1000 });
        }
        return claims;
      } catch {
        return null;
      }
    },
  };
}
export type Jwt = ReturnType<typeof createJwt>;
