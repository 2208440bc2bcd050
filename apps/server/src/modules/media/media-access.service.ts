import { albumTagOfMedia } from '@amora/shared/albums.ts';
import { levelForPoints } from '@amora/shared/chat.ts';
import { isSubscribedNow } from '@amora/shared/subscriptions.ts';
import type { Db } from '../../db/client.ts';
import type { MediaRow } from '../../db/schema/bots.ts';
import { isPublicArt, keyOfUrl, type MediaStorage } from '../../lib/media-storage.ts';
import type { MediaSigner } from '../../lib/media-signing.ts';
import type { MediaRepository } from './media.repository.ts';

/** Extra entitlements other features grant (album categories unlocked by the user). */
export type MediaGrantSource = (userId: string, row: MediaRow) => Promise<boolean>;

/**
 * Who may open which media file (issue 11, decision 040). Public art is open to everyone; every
 * other file only to a signed-in user entitled to it: his own files (photos he sent, her voice notes
 * and videos made for him, once paid for), her library at or below his level with her, anything
 * with an active subscription, or what another source grants (album unlocks).
 */
export function createMediaAccessService(deps: {
  db: Db;
  repo: MediaRepository;
  storage: MediaStorage;
  signer: MediaSigner;
}) {
  const { db, repo, storage, signer } = deps;
  const grants: MediaGrantSource[] = [];

  /** The row behind a key; a blurred preview stands for her library photo it was made from. */
  async function rowOf(key: string): Promise<{ row: MediaRow; preview: boolean } | null> {
    const direct = await repo.findByKey(db, key);
    if (direct) return { row: direct, preview: false };
    const m = /^blur\/(bots\/.+)\.webp$/.exec(key);
    if (!m) return null;
    const original = await repo.findByKey(db, `${m[1]}.webp`);
    return original && !original.ownerUserId ? { row: original, preview: true } : null;
  }

  async function allowedRow(userId: string | null, row: MediaRow, preview: boolean): Promise<boolean> {
    if (isPublicArt(row)) return true;
    if (!userId) return false;
    const sub = await repo.subscriptionOf(db, userId);
    if (!sub) return false;
    if (row.ownerUserId) {
      if (row.ownerUserId !== userId) return false;
      // Her voice note sent blurred opens once it is paid for (the reveal clears the blur).
      return !(await repo.lockedInMessage(db, userId, storage.url(row.key)));
    }
    if (!row.botId) return false;
    // A blurred preview is what a chat shows before the reveal: any signed-in user may see it.
    if (preview) return true;
    if (isSubscribedNow(sub)) return true;
    // Album files open only through what the album feature grants, never through her level.
    if (!albumTagOfMedia(row.category)) {
      const points = await repo.pointsWith(db, userId, row.botId);
      if (levelForPoints(points ?? 0) >= row.level) return true;
    }
    for (const grant of grants) if (await grant(userId, row)) return true;
    return false;
  }

  async function allowed(userId: string | null, key: string): Promise<MediaRow | null> {
    const found = await rowOf(key);
    if (!found) return null;
    return (await allowedRow(userId, found.row, found.preview)) ? found.row : null;
  }

  return {
    allowed,
    /** Whether the file at `key` is public art (served to anyone, no signature). */
    async isPublicKey(key: string): Promise<boolean> {
      const row = await repo.findByKey(db, key);
      return Boolean(row && isPublicArt(row));
    },
    /** Another feature adds what it unlocks (e.g. albums). */
    addGrantSource(source: MediaGrantSource): void {
      grants.push(source);
    },
    /**
     * Signed URLs for the canonical media URLs the user may open (null for the others). Public art
     * comes back as it is: it needs no signature.
     */
    async sign(
      userId: string,
      urls: string[],
      now = Date.now(),
    ): Promise<{ urls: Record<string, string | null>; expiresAt: string }> {
      const out: Record<string, string | null> = {};
      let expires = Math.floor(now / 1000) + 3600;
      for (const url of new Set(urls)) {
        const key = keyOfUrl(url);
        const found = key ? await rowOf(key) : null;
        if (!key || !found || !(await allowedRow(userId, found.row, found.preview))) {
          out[url] = null;
          continue;
        }
        if (isPublicArt(found.row)) {
          out[url] = storage.url(key);
          continue;
        }
        const signed = signer.sign(key, userId, now);
        expires = signed.expires;
        out[url] = signed.url;
      }
      return { urls: out, expiresAt: new Date(expires * 1000).toISOString() };
    },
    /**
     * Her photos the user may see (the character popup gallery): public art first, then her library
     * at his level with her, all of it with a subscription. Signed for him.
     */
    async gallery(
      userId: string,
      botId: string,
      now = Date.now(),
    ): Promise<{ photos: string[]; expiresAt: string }> {
      const rows = (await repo.ofBot(db, botId)).filter(
        (r) => r.kind === 'image' && !r.ownerUserId && !albumTagOfMedia(r.category),
      );
      const ordered = [
        ...rows.filter((r) => r.category === 'main'),
        ...rows.filter((r) => r.category !== 'main'),
      ];
      const photos: string[] = [];
      let expires = Math.floor(now / 1000) + 3600;
      for (const row of ordered) {
        if (!(await allowedRow(userId, row, false))) continue;
        if (isPublicArt(row)) {
          photos.push(storage.url(row.key));
          continue;
        }
        const signed = signer.sign(row.key, userId, now);
        expires = signed.expires;
        photos.push(signed.url);
      }
      return { photos, expiresAt: new Date(expires * 1000).toISOString() };
    },
    /** A signed URL for one key (the caller has checked the entitlement). */
    signKey(userId: string, key: string, now = Date.now()): string {
      return signer.sign(key, userId, now).url;
    },
  };
}
export type MediaAccessService = ReturnType<typeof createMediaAccessService>;
