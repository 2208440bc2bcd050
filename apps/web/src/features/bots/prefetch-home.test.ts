import type { Bot } from '@amora/shared/bots.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GRID_ART_SIZES, HERO_ART_SIZES } from '../../lib/art.ts';
import { preloadHomeArt } from './prefetch-home.ts';

const bot = (id: string, remoteId: number, photo: string) =>
  ({ _id: id, remote_id: remoteId, photos: [photo] }) as unknown as Bot;
const bots = [bot('support', 0, '/media/support.jpg'), bot('mia', 1, '/media/mia.jpg')];
const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];

function screenWide(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: wide, media: query }) as MediaQueryList);
}

afterEach(() => {
  preloads().forEach((link) => link.remove());
  vi.unstubAllGlobals();
});

describe('preloadHomeArt', () => {
  it("preloads the first character's portrait (not the support bot) with its srcset, at high priority", () => {
    screenWide(false);
    preloadHomeArt(bots);
    const [link] = preloads();
    expect(link).toBeDefined();
    expect(link!.getAttribute('href')).toBe('/media/mia.jpg');
    expect(link!.getAttribute('as')).toBe('image');
    expect(link!.getAttribute('imagesrcset')).toContain('/media/mia.jpg?w=240 240w');
    expect(link!.getAttribute('imagesizes')).toBe(GRID_ART_SIZES);
    expect(link!.getAttribute('fetchpriority')).toBe('high');
  });

  it("names the hero collage's sizes on a wide screen for a guest, and adds the link once", () => {
    screenWide(true);
    preloadHomeArt(bots);
    preloadHomeArt(bots);
    expect(preloads()).toHaveLength(1);
    expect(preloads()[0]!.getAttribute('imagesizes')).toBe(HERO_ART_SIZES);
  });
});
