import { describe, expect, it } from 'vitest';
import { testMessage } from '../../../test/message.ts';
import { sameBubble } from './message-bubble.tsx';

describe('sameBubble (a thread re-render keeps unchanged bubbles, decision 196)', () => {
  const message = testMessage({ _id: 'm1', self: false, message: 'hi' });
  const ref = () => undefined;
  const onLike = () => undefined;
  const props = (top: number, extra: object = {}) => ({
    message,
    botName: 'Alina',
    grouped: false,
    onLike,
    rowProps: { ref, 'data-index': 3, 'data-row-key': 'm1', 'aria-setsize': 9, style: { top } },
    ...extra,
  });

  it('is the same row when only the objects are new', () => {
    expect(sameBubble(props(120), props(120))).toBe(true);
  });

  it('renders again when the row moves, the message changes or a handler changes', () => {
    expect(sameBubble(props(120), props(180))).toBe(false);
    expect(sameBubble(props(120), props(120, { message: { ...message, like: true } }))).toBe(false);
    expect(sameBubble(props(120), props(120, { onLike: () => undefined }))).toBe(false);
    expect(sameBubble(props(120), props(120, { enter: true }))).toBe(false);
    const moved = props(120);
    expect(sameBubble(props(120), { ...moved, rowProps: { ...moved.rowProps, 'aria-setsize': 10 } })).toBe(
      false,
    );
    expect(sameBubble(props(120), { ...moved, rowProps: undefined })).toBe(false);
  });
});
