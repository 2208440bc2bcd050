import type { ArtWidth } from '@amora/shared/media.ts';
import sharp from 'sharp';
import type { MediaStorage } from '../../lib/media-storage.ts';

/**
 * Smaller copies of her public art for `srcset` (issue 13: responsive images). A copy is made
 * once, on the first request for that width, re-encoded as WebP, and kept in the media storage
 * beside the others under `variants/w<width>/` (so every node, and S3, shares it). Only public art
 * has variants: the caller checks that first. Videos and images narrower than the width are served
 * as they are.
 */
export function createArtVariants(storage: MediaStorage) {
  const making = new Map<string, Promise<string>>();
  const variantKey = (key: string, width: ArtWidth) =>
    `variants/w${width}/${key.replace(/\.[a-z0-9]+$/i, '')}.webp`;

  async function make(key: string, width: ArtWidth): Promise<string> {
    const target = variantKey(key, width);
    if (await storage.has(target)) return target;
    const original = await storage.read(key);
    const image = sharp(original, { failOn: 'none' });
    const meta = await image.metadata();
    if (!meta.width || meta.width <= width || meta.format === 'gif') return key;
    const data = await image.resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
    await storage.put(target, data, 'image/webp');
    return target;
  }

  return {
    /** The key to serve for `key` at `width`: its variant (made now if needed), or the original. */
    async keyFor(key: string, width: ArtWidth | undefined): Promise<string> {
      if (!width || !/\.(webp|png|jpe?g)$/i.test(key)) return key;
      const id = `${width}:${key}`;
      let pending = making.get(id);
      if (!pending) {
        pending = make(key, width).finally(() => making.delete(id));
        making.set(id, pending);
      }
      return pending;
    },
  };
}
export type ArtVariants = ReturnType<typeof createArtVariants>;
