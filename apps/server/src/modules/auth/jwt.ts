import { ACCESS_TOKEN_TTL_S } from '@amora/shared/constants.ts';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'amora';
const AUDIENCE = 'amora-api';

/** Who an access token speaks for, and the session version it was issued under. */
export type AccessClaims = { userId: string; sessionVersion: number };

/** Short-lived access tokens (HS256, about 15 minutes) carrying the user's session version. */
export function createJwt(secret: string) {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
        });
        const sv = payload.sv;
        if (typeof payload.sub !== 'string' || typeof sv !== 'number' || !Number.isInteger(sv)) return null;
        return { userId: payload.sub, sessionVersion: sv };
      } catch {
        return null;
      }
    },
  };
}
export type Jwt = ReturnType<typeof createJwt>;
