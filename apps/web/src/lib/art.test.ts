import { describe, expect, it } from 'vitest';
import { artSrcSet } from './art.ts';

describe('artSrcSet', () => {
  it('lists the smaller copies of public art and the original', () => {
    expect(artSrcSet('/media/bots/1/main.webp')).toBe(
      '/media/bots/1/main.webp?w=240 240w, /media/bots/1/main.webp?w=360 360w, /media/bots/1/main.webp?w=480 480w, /media/bots/1/main.webp 600w',
    );
  });
  it('leaves signed, foreign and missing URLs alone', () => {
    expect(artSrcSet('/media/bots/1/p.webp?u=1&e=2&s=3')).toBeUndefined();
    expect(artSrcSet('https://cdn.example.com/a.webp')).toBeUndefined();
    expect(artSrcSet(null)).toBeUndefined();
  });
});
