import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

export const newId = (): string => randomUUID();

/** A random opaque token for cookies and links (256 bits, URL-safe). */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Opaque tokens are stored only as SHA-256 hashes. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
