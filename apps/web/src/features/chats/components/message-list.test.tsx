import type { Message } from '@amora/shared/chat.ts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testMessage } from '../../../test/message.ts';
import { MessageList, threadRows } from './message-list.tsx';

/*
 * jsdom has no layout: the scroller gets a 600 px viewport, every row 60 px, and the scroller's
 * scrollHeight is the windowed list's height (what the browser would report).
 */
const VIEW = 600;
const ROW = 60;

function stubLayout() {
  const restore: Array<() => void> = [];
  const define = (
    name: 'clientHeight' | 'offsetHeight' | 'scrollHeight',
    get: (el: HTMLElement) => number,
  ) => {
    const previous = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        return get(this);
      },
    });
    restore.push(() => {
      if (previous) Object.defineProperty(HTMLElement.prototype, name, previous);
    });
  };
  const isScroller = (el: HTMLElement) => el.dataset.testid === 'message-scroll';
  define('clientHeight', (el) => (isScroller(el) ? VIEW : 0));
  define('offsetHeight', (el) => (el.tagName === 'LI' ? ROW : 0));
  define('scrollHeight', (el) => {
    if (!isScroller(el)) return 0;
    const list = el.querySelector<HTMLElement>('[role="log"]');
    return parseFloat(list?.style.height ?? '0') || 0;
  });
  // jsdom has no Element.scrollTo: it moves the scroller and, like a browser, says so.
  const scrollTo = vi.fn(function (this: HTMLElement, options: ScrollToOptions) {
    if (options.top === undefined || options.top === this.scrollTop) return;
    this.scrollTop = options.top;
    this.dispatchEvent(new Event('scroll'));
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, value: scrollTo });
  restore.push(() => {
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo;
  });
  return () => restore.forEach((undo) => undo());
}

/** `count` messages, alternating sides, one minute apart on the same day. */
function thread(count: number, from = 0): Message[] {
  return Array.from({ length: count }, (_, i) =>
    testMessage({
      _id: `m${from + i}`,
      self: (from + i) % 2 === 0,
      message: `message number ${from + i}`,
      date: new Date(Date.UTC(2025, 0, 1, 10, 0) + (from + i) * 60_000).toISOString(),
    }),
  );
}

function renderList(messages: Message[], props: Partial<Parameters<typeof MessageList>[0]> = {}) {
  const onLoadOlder = vi.fn();
  const view = render(
    <MessageList
      messages={messages}
      botName="Mia"
      typing={null}
      hasOlder={false}
      loadingOlder={false}
      onLoadOlder={onLoadOlder}
      {...props}
    />,
  );
  const scroller = screen.getByTestId('message-scroll');
  // The browser answers the list's scroll to its end with a scroll event.
  act(() => {
    fireEvent.scroll(scroller);
  });
  return { ...view, onLoadOlder, scroller };
}

const rendered = () => screen.queryAllByTestId('message').map((el) => el.getAttribute('data-message-id'));

let undoLayout: () => void;
beforeEach(() => {
  undoLayout = stubLayout();
});
afterEach(() => undoLayout());

describe('threadRows', () => {
  it('puts a day separator before the first message of each day and groups runs by sender', () => {
    const messages = [
      testMessage({ _id: 'a', self: true, date: '2025-01-01T10:00:00.000Z' }),
      testMessage({ _id: 'b', self: true, date: '2025-01-01T10:01:00.000Z' }),
      testMessage({ _id: 'c', self: false, date: '2025-01-02T10:00:00.000Z' }),
    ];
    const rows = threadRows(messages, 'typing');
    expect(rows.map((r) => r.kind)).toEqual(['day', 'message', 'message', 'day', 'message', 'typing']);
    expect(rows.filter((r) => r.kind === 'message').map((r) => r.grouped)).toEqual([false, true, false]);
  });
});

describe('MessageList (windowed)', () => {
  it('renders a short thread whole, as a list inside the conversation log', () => {
    renderList(thread(5));
    expect(rendered()).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    const log = screen.getByRole('log', { name: /conversation with mia/i });
    const items = within(log).getAllByRole('listitem');
    // one day separator and five messages, each with its place in the whole thread
    expect(items).toHaveLength(6);
    expect(items[0]).toHaveAttribute('aria-posinset', '1');
    expect(items[5]).toHaveAttribute('aria-setsize', '6');
  });

  it('keeps only the rows near the view of a long thread, starting at its end', () => {
    const { scroller } = renderList(thread(500));
    const ids = rendered();
    expect(ids.length).toBeLessThan(60);
    expect(ids).toContain('m499');
    expect(ids).not.toContain('m0');
    // the view is at the end of a list as tall as every row together (measured or estimated)
    expect(scroller.scrollTop).toBe(scroller.scrollHeight);
    expect(scroller.scrollHeight).toBeGreaterThan(400 * 40);
  });

  it('renders the end of a long thread in its first commit, before the scroller reports a scroll', () => {
    // No scroll event here: what shows is what the list rendered before the browser answered.
    render(
      <MessageList
        messages={thread(500)}
        botName="Mia"
        typing={null}
        hasOlder={false}
        loadingOlder={false}
        onLoadOlder={vi.fn()}
      />,
    );
    const ids = rendered();
    expect(ids).toContain('m499');
    expect(ids).not.toContain('m0');
    expect(ids.length).toBeLessThan(60);
  });

  it('renders other rows when the reader scrolls up, and asks for older ones near the top', () => {
    const { scroller, onLoadOlder } = renderList(thread(500), { hasOlder: true });
    act(() => {
      scroller.scrollTop = 100 * ROW;
      fireEvent.scroll(scroller);
    });
    expect(rendered()).toContain('m100');
    expect(rendered()).not.toContain('m499');
    expect(onLoadOlder).not.toHaveBeenCalled();
    act(() => {
      scroller.scrollTop = 50;
      fireEvent.scroll(scroller);
    });
    expect(onLoadOlder).toHaveBeenCalledTimes(1);
  });

  it('keeps the reader in place when an older page is prepended', () => {
    const messages = thread(100, 100);
    const { scroller, rerender } = renderList(messages, { hasOlder: true });
    act(() => {
      scroller.scrollTop = 100;
      fireEvent.scroll(scroller);
    });
    // where message m120 sits in the view
    const inView = () =>
      parseFloat(scroller.querySelector<HTMLElement>('[data-message-id="m120"]')!.style.top) -
      scroller.scrollTop;
    const before = inView();
    const props = { botName: 'Mia', typing: null, hasOlder: true, onLoadOlder: vi.fn() };
    rerender(<MessageList messages={messages} loadingOlder {...props} />);
    rerender(<MessageList messages={[...thread(100), ...messages]} loadingOlder={false} {...props} />);
    act(() => {
      fireEvent.scroll(scroller);
    });
    // a hundred rows went in above: the view moved down with them, m120 is where it was
    expect(scroller.scrollTop).toBeGreaterThan(100 * 40);
    expect(inView()).toBe(before);
  });

  it('follows a new message at the end, but not while the reader is reading older ones', () => {
    const messages = thread(200);
    const { scroller, rerender } = renderList(messages);
    const props = {
      botName: 'Mia',
      typing: null,
      hasOlder: false,
      loadingOlder: false,
      onLoadOlder: vi.fn(),
    };
    const hers = (id: string) => testMessage({ _id: id, self: false, date: new Date().toISOString() });

    rerender(<MessageList messages={[...messages, hers('n1')]} {...props} />);
    act(() => {
      fireEvent.scroll(scroller);
    });
    expect(rendered()).toContain('n1');
    expect(scroller.scrollTop).toBe(scroller.scrollHeight);

    act(() => {
      scroller.scrollTop = 20 * ROW;
      fireEvent.scroll(scroller);
    });
    rerender(<MessageList messages={[...messages, hers('n1'), hers('n2')]} {...props} />);
    expect(scroller.scrollTop).toBe(20 * ROW);
    expect(rendered()).not.toContain('n2');
  });

  it('keeps the row with the keyboard focus rendered when it scrolls out of the window', () => {
    const onLike = vi.fn();
    const { scroller } = renderList(thread(300), { onLike });
    const likes = screen.getAllByTestId('like');
    const last = likes[likes.length - 1]!;
    const rowId = last.closest('li')!.getAttribute('data-message-id');
    act(() => last.focus());
    act(() => {
      scroller.scrollTop = 0;
      fireEvent.scroll(scroller);
    });
    expect(rendered()).toContain('m0');
    expect(rendered()).toContain(rowId);
    expect(document.activeElement).toBe(last);
  });
});
