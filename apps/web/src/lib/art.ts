/**
 * `srcset` for her public art: the server keeps smaller copies at these widths (`?w=`, issue 13).
 * Signed or foreign URLs get none (their query string is their signature).
 */
const WIDTHS = [240, 360, 480] as const;
/** The width the demo art and most uploads are stored at. */
const ORIGINAL_WIDTH = 600;

export function artSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !url.startsWith('/media/') || url.includes('?')) return undefined;
  return [...WIDTHS.map((w) => `${url}?w=${w} ${w}w`), `${url} ${ORIGINAL_WIDTH}w`].join(', ');
}

/** The character grid: two columns on phones, three on tablets, four on desktops. */
export const GRID_ART_SIZES = '(max-width: 767.98px) 50vw, (max-width: 1199.98px) 33vw, 300px';

/** The guest hero's collage (from 860 px up): its first face is home's largest image on wide screens. */
export const HERO_ART_SIZES = '(max-width: 1199.98px) 22vw, 260px';
export const HERO_ART_MEDIA = '(min-width: 860px)';
