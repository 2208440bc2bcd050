import type { Bot } from '@amora/shared/bots.ts';
import { act, render, screen, within } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VirtualModelGrid } from './virtual-model-grid.tsx';

/* jsdom has no layout: a row of cards is 400 px tall; the window is 768 px (jsdom's innerHeight). */
const ROW = 400;

function bot(i: number): Bot {
  return {
    _id: `b${i}`,
    remote_id: i + 1,
    name: `Character ${i}`,
    age: 24,
    sex: 'female',
    type: 'realistic',
    body_type: 'slim',
    hobbies: [],
    hobbies_ru: [],
    desc: { en: '', ru: '' },
    photos: [],
    avatar: null,
    video_avatar: null,
    is_video: false,
    video_quality: 0,
    events: [],
  };
}

let scrollY = 0;
const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!;
beforeEach(() => {
  scrollY = 0;
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute('role') === 'none' ? ROW : 0;
    },
  });
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  // The grid starts at the top of the page: its box moves up as the page scrolls.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () =>
      ({ top: -scrollY, left: 0, right: 0, bottom: 0, width: 0, height: 0, x: 0, y: -scrollY }) as DOMRect,
  );
});
afterEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

const cards = () => screen.queryAllByTestId('card').map((el) => el.textContent);

function renderGrid(count: number) {
  const items = Array.from({ length: count }, (_, i) => bot(i));
  render(
    <VirtualModelGrid
      items={items}
      renderItem={(b, index) => (
        <span data-testid="card" data-index-in-grid={index}>
          {b.name}
        </span>
      )}
    />,
  );
}

describe('VirtualModelGrid', () => {
  it('renders only the rows near the window, two cards a row on a phone', () => {
    renderGrid(300);
    const shown = cards();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(40);
    expect(shown[0]).toBe('Character 0');
    expect(shown).not.toContain('Character 299');
    // the grid is as tall as all 150 rows, so the page scrolls as if every card were there
    const list = screen.getByRole('list');
    expect(parseFloat(list.style.height)).toBeGreaterThan(150 * 300);
  });

  it('keeps list semantics: each card is a list item with its place in the whole set', () => {
    renderGrid(300);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items[0]).toHaveAttribute('aria-posinset', '1');
    expect(items[0]).toHaveAttribute('aria-setsize', '300');
    expect(items[3]).toHaveAttribute('aria-posinset', '4');
  });

  it('renders the cards in view in its first commit, before it has read the window', () => {
    let firstCommit: number | null = null;
    // Mounted after the grid: its layout effect runs in the grid's first commit, after the DOM is in.
    function Probe() {
      useLayoutEffect(() => {
        firstCommit = document.querySelectorAll('[data-testid="card"]').length;
      }, []);
      return null;
    }
    const items = Array.from({ length: 300 }, (_, i) => bot(i));
    render(
      <>
        <VirtualModelGrid items={items} renderItem={(b) => <span data-testid="card">{b.name}</span>} />
        <Probe />
      </>,
    );
    expect(firstCommit).toBeGreaterThan(0);
    expect(firstCommit).toBeLessThan(40);
  });

  it('renders the rows further down when the page scrolls', () => {
    renderGrid(300);
    act(() => {
      scrollY = 50 * ROW;
      window.dispatchEvent(new Event('scroll'));
    });
    const shown = cards();
    // 50 rows down (rows not yet measured count at their estimate): cards past the hundredth or so
    expect(shown.some((name) => Number(name?.split(' ')[1]) >= 90)).toBe(true);
    expect(shown).not.toContain('Character 0');
  });
});
