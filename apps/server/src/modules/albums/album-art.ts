import sharp from 'sharp';
import { z } from 'zod';
import type { DemoCharacter } from '../bots/seed-characters.ts';
import { DEMO_IMAGE_HEIGHT, DEMO_IMAGE_WIDTH, sceneKinds, variantSvg } from '../bots/demo-art.ts';
import demoAlbums from './seed/demo-albums.json' with { type: 'json' };

const ImageSpec = z.object({
  expression: z.enum(['smile', 'happy', 'wink', 'playful', 'soft']),
  shot: z.enum(['portrait', 'selfie']),
  scene: z.enum(sceneKinds),
  outfit: z
    .string()
    .regex(/^[0-9a-f]{6}$/i)
    .optional(),
  evening: z.boolean().optional(),
  overlay: z.enum(['halloween']).optional(),
});
export const DemoAlbums = z.object({
  categories: z.array(
    z.object({ tag: z.string(), price: z.number().int().min(0), images: z.array(ImageSpec).min(1) }),
  ),
});
export type DemoAlbums = z.infer<typeof DemoAlbums>;

/** The demo albums (seed/demo-albums.json), validated. */
export const demoAlbumPlan: DemoAlbums = DemoAlbums.parse(demoAlbums);

/** Pumpkins and bats drawn over a Halloween picture. */
function halloweenOverlay(): string {
  const pumpkin = (x: number, y: number, r: number) =>
    `<g transform="translate(${x} ${y})"><ellipse rx="${r}" ry="${r * 0.8}" fill="#ff7518" stroke="#a94400" stroke-width="3"/>` +
    `<rect x="-4" y="${-r * 0.95}" width="8" height="${r * 0.3}" fill="#3d6b1f"/>` +
    `<path d="M${-r * 0.45} ${-r * 0.15} l${r * 0.18} ${-r * 0.22} l${r * 0.18} ${r * 0.22}z M${r * 0.1} ${-r * 0.15} l${r * 0.18} ${-r * 0.22} l${r * 0.18} ${r * 0.22}z M${-r * 0.5} ${r * 0.2} q${r * 0.5} ${r * 0.4} ${r} 0z" fill="#3a1500"/></g>`;
  const bat = (x: number, y: number) =>
    `<path transform="translate(${x} ${y})" d="M0 0 q-14 -14 -30 -4 q8 2 10 10 q6 -6 10 0 q2 -8 10 -6 q2 -8 10 6 q4 -6 10 0 q2 -8 10 -10 q-16 -10 -30 4z" fill="#1b1026"/>`;
  return pumpkin(90, 720, 55) + pumpkin(520, 735, 42) + bat(470, 90) + bat(110, 140) + bat(300, 60);
}

export type AlbumImage = { tag: string; index: number; width: number; height: number; webp: Buffer };

/** Renders her demo album images (deterministic for a character). */
export async function renderAlbumImages(c: DemoCharacter): Promise<AlbumImage[]> {
  const out: AlbumImage[] = [];
  for (const cat of demoAlbumPlan.categories) {
    for (const [index, img] of cat.images.entries()) {
      let svg = variantSvg(
        c,
        {
          key: `album-${cat.tag}-${index}`,
          category: img.evening ? 'lingerie' : 'non-explicit',
          level: 1,
          expression: img.expression,
          shot: img.shot,
          slot: index % 6,
        },
        { scene: img.scene, ...(img.outfit ? { outfit: img.outfit } : {}) },
      );
      if (img.overlay === 'halloween') svg = svg.replace(/<\/svg>$/, `${halloweenOverlay()}</svg>`);
      const webp = await sharp(Buffer.from(svg)).webp({ quality: 78, effort: 1 }).toBuffer();
      out.push({ tag: cat.tag, index, width: DEMO_IMAGE_WIDTH, height: DEMO_IMAGE_HEIGHT, webp });
    }
  }
  return out;
}

/** A short fingerprint of the plan: cached renders are reused while it holds. */
export function albumArtVersion(artVersion: string): string {
  return `${artVersion}-${JSON.stringify(demoAlbumPlan).length.toString(36)}`;
}
