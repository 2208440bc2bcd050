import { OAuthProvider } from '@amora/shared/oauth.ts';
import { createHash } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { z } from 'zod';

/** A sign-in in progress lives this long between our redirect and the provider's answer. */
export const OAUTH_STATE_TTL_S = 10 * 60;

/** What the browser carries between /signin and /callback (encrypted, httpOnly, one provider). */
const Pending = z.object({
  p: OAuthProvider,
  /** state */
  s: z.string().min(16).max(200),
  /** PKCE code_verifier */
  v: z.string().max(200).optional(),
  /** OpenID nonce */
  n: z.string().max(200).optional(),
  /** Where the SPA goes afterwards (a path of ours) */
  r: z.string().max(500),
  /** The interface language, for a new account */
  l: z.string().max(8).optional(),
  /** Connecting from the profile: the signed-in user the provider account is linked to */
  u: z.string().max(64).optional(),
});
export type PendingSignIn = z.infer<typeof Pending>;

export const stateCookieName = (provider: OAuthProvider) => `amora_oauth_${provider}`;

/**
 * Seals and opens the pending sign-in (A256GCM under a key derived from the server secret): the
 * PKCE verifier and nonce stay secret, and nothing in it can be changed by the browser.
 */
export function createStateSealer(secret: string) {
  const key = createHash('sha256').update(`oauth-state:${secret}`).digest();
  return {
    async seal(pending: PendingSignIn): Promise<string> {
      return new EncryptJWT(pending)
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt()
        .setExpirationTime(`${OAUTH_STATE_TTL_S}s`)
        .encrypt(key);
    },
    /** The pending sign-in, or null (missing, tampered with, expired, malformed). */
    async open(sealed: string | undefined): Promise<PendingSignIn | null> {
      if (!sealed || sealed.length > 4096) return null;
      try {
        const { payload } = await jwtDecrypt(sealed, key, { keyManagementAlgorithms: ['dir'] });
        const parsed = Pending.safeParse(payload);
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}
export type StateSealer = ReturnType<typeof createStateSealer>;
