import { describe, expect, it } from 'vitest';
import { albumHref, cardAction, stepIndex, swipeDirection } from './album-rules.ts';

describe('album rules', () => {
  it('sends guests to sign-in and keeps locked categories locked', () => {
    expect(cardAction(false, true)).toBe('sign-in');
    expect(cardAction(false, false)).toBe('sign-in');
    expect(cardAction(true, true)).toBe('open');
    expect(cardAction(true, false)).toBe('locked');
  });

  it('steps through the gallery both ways, wrapping', () => {
    expect(stepIndex(0, 3, 1)).toBe(1);
    expect(stepIndex(2, 3, 1)).toBe(0);
    expect(stepIndex(0, 3, -1)).toBe(2);
    expect(stepIndex(0, 0, 1)).toBe(0);
  });

  it('reads a swipe: left is next, right is previous, short or vertical is nothing', () => {
    expect(swipeDirection(-80, 5)).toBe(1);
    expect(swipeDirection(80, 5)).toBe(-1);
    expect(swipeDirection(-20, 0)).toBe(0);
    expect(swipeDirection(-60, 120)).toBe(0);
  });

  it('builds album links with the category and the chat to go back to', () => {
    expect(albumHref(3)).toBe('/album/3');
    expect(albumHref(3, 'lingerie')).toBe('/album/3?type=lingerie');
    expect(albumHref(3, 'non-explicit', 'c1')).toBe('/album/3?type=non-explicit&chat=c1');
  });
});
