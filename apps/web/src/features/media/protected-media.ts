import type { MediaGalleryResponse, SignMediaResponse } from '@amora/shared/media.ts';
import { api } from '../../lib/api-client.ts';

/**
 * Protected media (decision 040): only her public art opens from its plain `/media/…` URL; every
 * other file needs a URL signed for the user, valid at most an hour. These helpers ask the server
 * for them in batches; `useProtectedUrl` keeps one fresh and asks again before it expires or when
 * the browser could not load it.
 */

/** Ask again this long before a signed URL expires. */
export const REFRESH_BEFORE_MS = 5 * 60_000;

export type SignedUrl = { url: string | null; expiresAt: number };

/** A plain media URL of ours that needs a signature (signed ones and data/blob URLs don't). */
export function needsSignature(src: string | null | undefined): src is string {
  if (!src || !src.startsWith('/media/')) return false;
  return !/[?&]s=/.test(src);
}

/** When to ask for a fresh URL: shortly before `expiresAt`, never sooner than in 10 s. */
export function refreshDelay(expiresAt: number, now = Date.now()): number {
  return Math.max(10_000, expiresAt - now - REFRESH_BEFORE_MS);
}

type Pending = { resolve: (v: SignedUrl) => void; reject: (e: unknown) => void };
let queue = new Map<string, Pending[]>();
let scheduled = false;

async function flush(): Promise<void> {
  scheduled = false;
  const batch = queue;
  queue = new Map();
  const urls = [...batch.keys()];
  for (let i = 0; i < urls.length; i += 100) {
    const part = urls.slice(i, i + 100);
    try {
      const answer = await api.post<SignMediaResponse>('/media/sign', { urls: part });
      const expiresAt = Date.parse(answer.data.expiresAt);
      for (const url of part) {
        for (const p of batch.get(url) ?? []) p.resolve({ url: answer.data.urls[url] ?? null, expiresAt });
      }
    } catch (err) {
      for (const url of part) for (const p of batch.get(url) ?? []) p.reject(err);
    }
  }
}

/** A signed URL for one plain media URL; calls in the same tick share one request. */
export function signMediaUrl(url: string): Promise<SignedUrl> {
  return new Promise((resolve, reject) => {
    const waiting = queue.get(url) ?? [];
    waiting.push({ resolve, reject });
    queue.set(url, waiting);
    if (!scheduled) {
      scheduled = true;
      setTimeout(() => void flush(), 0);
    }
  });
}

/** Her photos this user may see (signed), for her gallery. */
export function fetchGallery(botId: string, signal?: AbortSignal): Promise<MediaGalleryResponse> {
  return api.get<MediaGalleryResponse>(`/media/gallery/${encodeURIComponent(botId)}`, { signal });
}
