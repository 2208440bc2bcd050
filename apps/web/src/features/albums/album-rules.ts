/** What a click on an album category card does (SPEC §6): guests sign in, open ones open, the rest stay locked. */
export type CardAction = 'sign-in' | 'open' | 'locked';

export function cardAction(signedIn: boolean, isUnlocked: boolean): CardAction {
  if (!signedIn) return 'sign-in';
  return isUnlocked ? 'open' : 'locked';
}

/** The next item of the gallery in direction `dir` (wraps around). */
export function stepIndex(index: number, count: number, dir: 1 | -1): number {
  if (count <= 0) return 0;
  return (((index + dir) % count) + count) % count;
}

/** A horizontal swipe: left shows the next item (1), right the previous (-1); short or vertical moves do nothing. */
export function swipeDirection(dx: number, dy: number, threshold = 40): 1 | -1 | 0 {
  if (!Number.isFinite(dx) || !Number.isFinite(dy)) return 0;
  if (Math.abs(dx) < threshold || Math.abs(dx) < Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** `/album/:id?type=<category>&chat=<chatId>`. */
export function albumHref(remoteId: number, category?: string | null, chatId?: string | null): string {
  const q = new URLSearchParams();
  if (category) q.set('type', category);
  if (chatId) q.set('chat', chatId);
  const s = q.toString();
  return `/album/${remoteId}${s ? `?${s}` : ''}`;
}

/** SPEC §9: album cards are 166–168 px wide and 240 px tall. */
export const ALBUM_CARD = { minWidth: 166, maxWidth: 168, height: 240 } as const;
/** SPEC §9: six skeletons while an album loads. */
export const ALBUM_SKELETONS = 6;
