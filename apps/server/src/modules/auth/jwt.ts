import { ACCESS_TOKEN_TTL_S } from '@amora/shared/constants.ts';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'amora';
const AUDIENCE = 'amora-api';

/** Short-lived access tokens (HS256, about 15 minutes). */
export function createJwt(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(userId: string, ttlSeconds = ACCESS_TOKEN_TTL_S): Promise<string> {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    /** The user id of a valid token, or null. */
    async verify(token: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}
export type Jwt = ReturnType<typeof createJwt>;
