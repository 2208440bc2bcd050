import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuthStore } from '../../auth/store.ts';
import {
  fetchGallery,
  needsSignature,
  refreshDelay,
  signMediaUrl,
  type SignedUrl,
} from '../protected-media.ts';

export const mediaKeys = {
  gallery: (botId: string) => ['media-gallery', botId] as const,
};

/**
 * The URL to put in an `<img>`, `<audio>` or `<video>` for a media file of ours: the plain URL for
 * public art and guests, else a URL signed for this user, refreshed before it expires. Call
 * `onError` from the element's error event: it asks for a fresh URL once (an expired link), and
 * reports `failed` when that does not help either.
 */
export function useProtectedUrl(src: string | null | undefined): {
  src: string | null;
  failed: boolean;
  onError: () => boolean;
} {
  const signedIn = useAuthStore((s) => s.accessToken !== null);
  const wanted = signedIn && needsSignature(src);
  const [state, setState] = useState<{ for: string; signed: SignedUrl | null; failed: boolean } | null>(null);
  const [round, setRound] = useState(0);
  const retried = useRef<string | null>(null);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    signMediaUrl(src).then(
      (signed) => {
        if (!live) return;
        setState({ for: src, signed, failed: signed.url === null });
        // Ask again shortly before it expires.
        if (signed.url) timer = setTimeout(() => setRound((r) => r + 1), refreshDelay(signed.expiresAt));
      },
      () => live && setState({ for: src, signed: null, failed: true }),
    );
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [wanted, src, round]);

  const current = state && state.for === src ? state : null;
  const onError = useCallback((): boolean => {
    if (!wanted || !current?.signed?.url || retried.current === current.signed.url) return false;
    retried.current = current.signed.url;
    setRound((r) => r + 1);
    return true;
  }, [wanted, current]);

  if (!wanted) return { src: src ?? null, failed: false, onError: () => false };
  return { src: current?.signed?.url ?? null, failed: current?.failed ?? false, onError };
}

/**
 * Her gallery for this user (signed URLs), refreshed before they expire; null while it loads or
 * for guests (who see her public art only).
 */
export function useGallery(botId: string | undefined) {
  const signedIn = useAuthStore((s) => s.accessToken !== null);
  return useQuery({
    queryKey: mediaKeys.gallery(botId ?? ''),
    queryFn: ({ signal }) => fetchGallery(botId!, signal).then((r) => r.data),
    enabled: signedIn && Boolean(botId),
    staleTime: (q) => (q.state.data ? refreshDelay(Date.parse(q.state.data.expiresAt)) : 0),
    refetchInterval: (q) => (q.state.data ? refreshDelay(Date.parse(q.state.data.expiresAt)) : false),
  });
}
