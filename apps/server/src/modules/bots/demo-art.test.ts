import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoArtVersion, demoVideoPath, renderCharacterImages } from './demo-art.ts';
import { demoCharacters } from './seed-characters.ts';

describe('demo art', () => {
  it('renders valid WebP images for every character, main first at 600x800', async () => {
    const all = await Promise.all(demoCharacters.map((c) => renderCharacterImages(c)));
    for (const [i, images] of all.entries()) {
      const c = demoCharacters[i]!;
      expect(images.length, c.name).toBeGreaterThanOrEqual(4);
      expect(images[0]!.key).toBe('main');
      expect(images[0]!.category).toBe('main');
      expect(images[0]!.level).toBe(1);
      expect(new Set(images.map((im) => im.key)).size).toBe(images.length);
      expect(images.filter((im) => im.category === 'main')).toHaveLength(1);
      // A public photo besides the portrait, and more that unlock with the relationship.
      expect(images.filter((im) => im.level === 1).length).toBeGreaterThanOrEqual(2);
      expect(new Set(images.map((im) => im.level))).toEqual(new Set([1, 2, 3, 4]));
      expect(images.some((im) => im.category === 'selfie')).toBe(true);
      for (const im of images) {
        const meta = await sharp(im.webp).metadata();
        expect(meta.format, `${c.name} ${im.key}`).toBe('webp');
        expect(meta.width).toBe(im.width);
        expect(meta.height).toBe(im.height);
        expect([1, 2, 3, 4]).toContain(im.level);
        expect(im.webp.length).toBeLessThan(200_000);
      }
      expect(images[0]!.width).toBe(600);
      expect(images[0]!.height).toBe(800);
    }
  });

  it('is deterministic: the same character gives the same bytes', async () => {
    for (const c of [demoCharacters[0]!, demoCharacters[5]!, demoCharacters[8]!]) {
      const a = await renderCharacterImages(c);
      const b = await renderCharacterImages(c);
      expect(b).toHaveLength(a.length);
      a.forEach((im, i) => expect(im.webp.equals(b[i]!.webp), `${c.name} ${im.key}`).toBe(true));
    }
  });

  it('exposes a version per character for caching renders', () => {
    const versions = demoCharacters.map((c) => demoArtVersion(c));
    expect(new Set(versions).size).toBe(12);
    expect(demoArtVersion(demoCharacters[0]!)).toBe(versions[0]);
    const changed = { ...demoCharacters[0]!, art: { ...demoCharacters[0]!.art, seed: 'other' } };
    expect(demoArtVersion(changed)).not.toBe(versions[0]);
  });

  it('gives each character her own look', async () => {
    const mains = await Promise.all(
      demoCharacters.map(async (c) => (await renderCharacterImages(c))[0]!.webp.toString('base64')),
    );
    expect(new Set(mains).size).toBe(12);
  });

  it('has a committed clip for every video character and none for the others', async () => {
    for (const c of demoCharacters) {
      const path = demoVideoPath(c.remote_id);
      if (c.is_video) {
        expect(path, c.name).not.toBeNull();
        expect(isAbsolute(path!)).toBe(true);
        expect(existsSync(path!)).toBe(true);
        expect(path!.endsWith(`${c.remote_id}.webm`)).toBe(true);
        const size = statSync(path!).size;
        expect(size).toBeGreaterThan(5_000);
        expect(size).toBeLessThan(300_000);
        // A WebM file is an EBML document.
        expect(readFileSync(path!).subarray(0, 4).toString('hex')).toBe('1a45dfa3');
      } else {
        expect(path, c.name).toBeNull();
      }
    }
    expect(demoVideoPath(0)).toBeNull();
    expect(demoVideoPath(999)).toBeNull();
  });
});
