import type { Message } from '@amora/shared/chat.ts';
import type { TypingState } from '@amora/shared/enums.ts';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { dayKey, dayLabel } from '../../../lib/dates.ts';
import { windowSize } from '../../../lib/window-size.ts';
import { MessageBubble } from './message-bubble.tsx';
import { typingKey } from './typing-text.ts';
import styles from './message-list.module.css';

type MessageListProps = {
  messages: Message[];
  botName: string;
  typing: TypingState | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  emptyHint?: string;
  onLike?: (message: Message) => void;
  onReport?: (message: Message) => void;
};

/** Distance from the bottom (px) within which new messages keep the view pinned to the end. */
const STICK_PX = 120;
/** Distance from the top (px) at which older messages are fetched. */
const LOAD_OLDER_PX = 160;
/** Rows kept in the DOM beyond each edge of the view (docs/decisions/126). */
const OVERSCAN = 10;

/** One row of the thread: a day separator, a message, or her typing indicator. */
export type ThreadRow =
  | { kind: 'day'; key: string; date: string }
  | { kind: 'message'; key: string; message: Message; grouped: boolean }
  | { kind: 'typing'; key: 'typing'; typing: TypingState };

/** Each message with the day separator before it when it opens a new day, and whether it continues a run. */
export function threadRows(messages: Message[], typing: TypingState | null): ThreadRow[] {
  const rows: ThreadRow[] = [];
  messages.forEach((message, index) => {
    const previous = messages[index - 1];
    const showDay = !previous || dayKey(previous.date) !== dayKey(message.date);
    if (showDay) rows.push({ kind: 'day', key: `day:${message._id}`, date: message.date });
    rows.push({
      kind: 'message',
      key: message._id,
      message,
      grouped: !showDay && previous !== undefined && previous.self === message.self,
    });
  });
  if (typing) rows.push({ kind: 'typing', key: 'typing', typing });
  return rows;
}

/** A first guess of a row's height before it is measured (media rows are tall). */
function estimateRow(row: ThreadRow | undefined): number {
  if (!row) return 64;
  if (row.kind === 'day') return 52;
  if (row.kind === 'typing') return 60;
  const { message } = row;
  if (message.photo || message.video) return 320;
  if (message.voice) return 90;
  const lines = Math.max(1, Math.ceil((message.message?.length ?? 0) / 38));
  return (row.grouped ? 46 : 54) + (lines - 1) * 22;
}

/** The estimated height of the whole thread, before any row is measured. */
function estimateTotal(rows: ThreadRow[]): number {
  let total = 0;
  for (const row of rows) total += estimateRow(row);
  return total;
}

/**
 * The conversation: date separators, bubbles, her typing indicator; older pages load on scroll-up.
 * Only the rows near the view are in the DOM (`@tanstack/react-virtual`, measured as they render, so
 * a photo that loads later resizes its row); the row holding the keyboard focus always stays.
 */
export function MessageList({
  messages,
  botName,
  typing,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  emptyHint,
  onLike,
  onReport,
}: MessageListProps) {
  const { t, i18n } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const lastTop = useRef(0);
  const initial = useRef(true);
  const focusedKey = useRef<string | null>(null);
  /** Messages already shown once: a row scrolled back into view does not play its entrance again. */
  const shown = useRef(new Set<string>());
  const [scrollMargin, setScrollMargin] = useState(0);
  const newest = messages[messages.length - 1];

  const rows = useMemo(() => threadRows(messages, typing), [messages, typing]);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  // The row with the keyboard focus stays rendered when it scrolls out of view (focus is not lost).
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const key = focusedKey.current;
    if (key === null) return indexes;
    const focused = rowsRef.current.findIndex((row) => row.key === key);
    if (focused < 0 || indexes.includes(focused)) return indexes;
    return [...indexes, focused].sort((a, b) => a - b);
  }, []);

  // The virtualizer's functions are read at each render on purpose (the list re-renders as it scrolls).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    // Until it reads the scroller, the virtualizer assumes a view of the window's size at the end of
    // the thread, where the reader starts. The first commit renders the rows she will see, instead
    // of none (a 0 × 0 view), then the thread's first rows, then its last ones (decision 198).
    initialRect: windowSize(),
    initialOffset: () => Math.max(0, estimateTotal(rowsRef.current) - windowSize().height),
    estimateSize: (index) => estimateRow(rowsRef.current[index]),
    getItemKey: (index) => rowsRef.current[index]?.key ?? index,
    overscan: OVERSCAN,
    scrollMargin,
    rangeExtractor,
    // An older page prepended keeps the row under the reader where it was (measured or not).
    anchorTo: 'end',
  });
  const totalSize = virtualizer.getTotalSize();

  // Where the list starts inside the scroller: the note and the spinner above it move it, and a
  // short thread sits at the bottom of the view.
  useLayoutEffect(() => {
    setScrollMargin(listRef.current?.offsetTop ?? 0);
  }, [loadingOlder, hasOlder, totalSize]);

  useEffect(() => {
    for (const row of rows) shown.current.add(row.key);
  }, [rows]);

  const requestOlder = useCallback(() => {
    const el = scrollRef.current;
    if (!el || !hasOlder || loadingOlder) return;
    onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  const scrollToEnd = (el: HTMLElement, smooth: boolean) => {
    const top = el.scrollHeight;
    if (smooth && typeof el.scrollTo === 'function') el.scrollTo({ top, behavior: 'smooth' });
    else el.scrollTop = top;
    lastTop.current = el.scrollTop;
  };

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
    // Pinned until the reader scrolls up; content growing under a pinned view keeps it pinned.
    if (atEnd) pinned.current = true;
    else if (el.scrollTop < lastTop.current) pinned.current = false;
    lastTop.current = el.scrollTop;
    if (el.scrollTop < LOAD_OLDER_PX) requestOlder();
  };

  // New message or typing indicator at the end: follow it when the reader is at the bottom (or it is ours).
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    if (initial.current) {
      if (messages.length) {
        scrollToEnd(el, false);
        pinned.current = true;
        initial.current = false;
      }
      return;
    }
    if (newest?.self) pinned.current = true;
    if (pinned.current) scrollToEnd(el, true);
    // oldestId is handled above; only the end of the list matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newest?._id, typing]);

  // Rows measured (or a photo loaded) while pinned: stay at the end.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el && pinned.current && !initial.current) scrollToEnd(el, false);
  }, [totalSize]);

  // A short first page cannot be scrolled: fetch older messages until it fills the view.
  useEffect(() => {
    const el = scrollRef.current;
    if (el && hasOlder && !loadingOlder && el.scrollHeight <= el.clientHeight) requestOlder();
  }, [hasOlder, loadingOlder, messages.length, requestOlder]);

  const rowKeyOf = (target: EventTarget) =>
    target instanceof Element
      ? (target.closest<HTMLElement>('[data-row-key]')?.dataset.rowKey ?? null)
      : null;
  const onFocus = (event: FocusEvent) => {
    focusedKey.current = rowKeyOf(event.target);
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.relatedTarget || !event.currentTarget.contains(event.relatedTarget)) focusedKey.current = null;
  };

  const setSize = rows.length;
  return (
    <div ref={scrollRef} className={styles.scroll} onScroll={onScroll} data-testid="message-scroll">
      {loadingOlder ? (
        <div className={styles.older}>
          <Spinner size={20} label={t('chat.loadingOlder')} />
        </div>
      ) : null}
      {!hasOlder && messages.length > 0 ? (
        <p className={styles.beginning}>{t('chat.beginning', { name: botName })}</p>
      ) : null}
      {/* role="log" on a wrapper: on the <ol> itself it would drop the list semantics of its items. */}
      <div
        ref={listRef}
        role="log"
        aria-label={t('chat.conversationWith', { name: botName })}
        className={styles.window}
        style={{ height: totalSize }}
      >
        <ol className={styles.list} data-testid="message-list" onFocus={onFocus} onBlur={onBlur}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const rowProps = {
              ref: virtualizer.measureElement,
              'data-index': item.index,
              'data-row-key': row.key,
              'aria-posinset': item.index + 1,
              'aria-setsize': setSize,
              style: { top: item.start - scrollMargin },
            };
            if (row.kind === 'day') {
              const label = dayLabel(row.date, i18n.language);
              return (
                <li key={item.key} {...rowProps} className={styles.day} data-testid="date-separator">
                  <span>{label.kind === 'date' ? label.text : t(`chat.${label.kind}`)}</span>
                </li>
              );
            }
            if (row.kind === 'typing') {
              return (
                <li
                  key={item.key}
                  {...rowProps}
                  className={`${styles.row} ${styles.her} ${styles.enter}`}
                  data-testid="typing-indicator"
                >
                  <div className={`${styles.bubble} ${styles.typingBubble}`}>
                    <span className="visually-hidden">{t(typingKey(row.typing), { name: botName })}</span>
                    <span className={styles.dot} aria-hidden="true" />
                    <span className={styles.dot} aria-hidden="true" />
                    <span className={styles.dot} aria-hidden="true" />
                  </div>
                </li>
              );
            }
            return (
              <MessageBubble
                key={item.key}
                rowProps={rowProps}
                enter={!shown.current.has(row.key)}
                message={row.message}
                botName={botName}
                grouped={row.grouped}
                onLike={onLike}
                onReport={onReport}
              />
            );
          })}
        </ol>
      </div>
      {messages.length === 0 && !typing && emptyHint ? <p className={styles.emptyHint}>{emptyHint}</p> : null}
    </div>
  );
}
