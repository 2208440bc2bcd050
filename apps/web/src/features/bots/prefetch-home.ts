import type { Bot } from '@amora/shared/bots.ts';
import { isBotFilter, mainPhoto } from '@amora/shared/rules.ts';
import type { QueryClient } from '@tanstack/react-query';
import { artSrcSet, GRID_ART_SIZES, HERO_ART_MEDIA, HERO_ART_SIZES } from '../../lib/art.ts';
import { hadSession } from '../../lib/session-hint.ts';
import { botKeys, fetchBots } from './api/bots-api.ts';

/** The same freshness as `useBots`, so home's grid takes the prefetched list as it is. */
const BOTS_STALE_MS = 5 * 60_000;

/**
 * Home's largest image, preloaded as soon as the list of characters is known (issue 13, decision
 * 127): on a wide screen a guest's hero collage leads with the first character's portrait; otherwise
 * the first card of the grid does. `<link rel=preload>` with `imagesrcset`/`imagesizes` asks for the
 * same copy the `<img>` will pick, at high priority.
 */
export function preloadHomeArt(bots: Bot[], doc: Document = document): void {
  const first = bots.find((bot) => bot.remote_id !== 0);
  const photo = first ? mainPhoto(first) : null;
  if (!photo) return;
  const already = [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].some(
    (link) => link.getAttribute('href') === photo,
  );
  if (already) return;
  const hero = !hadSession() && window.matchMedia?.(HERO_ART_MEDIA).matches;
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.href = photo;
  const srcset = artSrcSet(photo);
  if (srcset) {
    link.setAttribute('imagesrcset', srcset);
    link.setAttribute('imagesizes', hero ? HERO_ART_SIZES : GRID_ART_SIZES);
  }
  link.setAttribute('fetchpriority', 'high');
  doc.head.appendChild(link);
}

/**
 * On a load of home, asks for the characters while the app is still starting (the request runs
 * beside the dictionary and the first render instead of after them), then preloads the art.
 */
export function prefetchHome(queryClient: QueryClient, location: Location = window.location): void {
  if (location.pathname !== '/') return;
  const requested = new URLSearchParams(location.search).get('type') ?? 'all';
  const type = isBotFilter(requested) ? requested : 'all';
  void queryClient
    .fetchQuery({
      queryKey: botKeys.list(type),
      queryFn: ({ signal }) => fetchBots(type, signal).then((r) => r.data),
      staleTime: BOTS_STALE_MS,
    })
    .then((bots) => preloadHomeArt(bots))
    .catch(() => undefined);
}
