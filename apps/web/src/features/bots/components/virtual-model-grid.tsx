import type { Bot } from '@amora/shared/bots.ts';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { windowSize } from '../../../lib/window-size.ts';

type VirtualModelGridProps = {
  items: Bot[];
  renderItem: (item: Bot, index: number) => ReactNode;
  /** The class of one row: the grid's columns and gap at each breakpoint (home-page.module.css). */
  rowClassName?: string;
  cellClassName?: string;
};

/** Rows kept in the DOM beyond each edge of the window. */
const OVERSCAN_ROWS = 3;

/**
 * A long character grid, windowed by rows over the page's scroll (`@tanstack/react-virtual`,
 * docs/decisions/126): two columns on phones, three on tablets, four on desktops, as the plain grid.
 * Rows are measured as they render. The cells keep list semantics (`role="list"` / `"listitem"`,
 * with their place in the whole set); Tab moves through the rendered cards and the page scrolls with it.
 */
export function VirtualModelGrid({ items, renderItem, rowClassName, cellClassName }: VirtualModelGridProps) {
  const desktop = useMediaQuery('(min-width: 1200px)');
  const tablet = useMediaQuery('(min-width: 768px)');
  const columns = desktop ? 4 : tablet ? 3 : 2;
  const gap = tablet ? 20 : 12;
  const listRef = useRef<HTMLDivElement>(null);
  // Where the grid starts on the page (the hero above it changes height when the session is known).
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const measure = () => setScrollMargin(Math.round(el.getBoundingClientRect().top + window.scrollY));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    // The page's height changes whenever something above the grid does.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const rowCount = Math.ceil(items.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => (tablet ? 460 : 330),
    // A row holds other cards at another width: its measured height is not reused.
    getItemKey: (index) => `${columns}:${index}`,
    overscan: OVERSCAN_ROWS,
    // The window's size from the first render: the first commit renders the rows in view, not none
    // until a layout effect reads it (decision 198).
    initialRect: windowSize(),
    scrollMargin,
    gap,
  });

  return (
    <div ref={listRef} role="list" style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => {
        const first = row.index * columns;
        return (
          <div
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            role="none"
            className={rowClassName}
            style={{ position: 'absolute', top: row.start - scrollMargin, left: 0, right: 0 }}
          >
            {items.slice(first, first + columns).map((item, offset) => (
              <div
                key={item._id}
                role="listitem"
                aria-posinset={first + offset + 1}
                aria-setsize={items.length}
                className={cellClassName}
              >
                {renderItem(item, first + offset)}
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
