import { describe, expect, it, vi } from 'vitest';
import { whenIdle, whenIdleAfterLoad } from './idle.ts';

describe('whenIdle', () => {
  it('uses requestIdleCallback with a deadline when the browser has it', () => {
    const requestIdleCallback = vi.fn((cb: () => void) => {
      cb();
      return 1;
    });
    const task = vi.fn();
    whenIdle(task, 500, { requestIdleCallback } as unknown as Window);
    expect(requestIdleCallback).toHaveBeenCalledWith(task, { timeout: 500 });
    expect(task).toHaveBeenCalledOnce();
  });

  it('falls back to a timer without it', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    whenIdle(task, 500, { setTimeout: window.setTimeout.bind(window) } as unknown as Window);
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });
});

describe('whenIdleAfterLoad', () => {
  it('waits for the load event while the page is loading', () => {
    const target = new EventTarget();
    const win = Object.assign(target, {
      requestIdleCallback: (cb: () => void) => {
        cb();
        return 1;
      },
    }) as unknown as Window;
    const task = vi.fn();
    whenIdleAfterLoad(task, win, { readyState: 'loading' } as Document);
    expect(task).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('load'));
    expect(task).toHaveBeenCalledOnce();
    target.dispatchEvent(new Event('load'));
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs at the next idle moment once the page has loaded', () => {
    const task = vi.fn();
    const win = {
      requestIdleCallback: (cb: () => void) => {
        cb();
        return 1;
      },
    } as unknown as Window;
    whenIdleAfterLoad(task, win, { readyState: 'complete' } as Document);
    expect(task).toHaveBeenCalledOnce();
  });
});
