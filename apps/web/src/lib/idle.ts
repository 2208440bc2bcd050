type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
};

/** The longest an idle task waits for an idle moment. */
const IDLE_TIMEOUT_MS = 2000;

/** Runs `task` when the main thread is idle (or after `timeout` ms at the latest). */
export function whenIdle(task: () => void, timeout = IDLE_TIMEOUT_MS, win: IdleWindow = window): void {
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(task, { timeout });
  else win.setTimeout(task, 1);
}

/**
 * Runs `task` once the page has loaded and the main thread is idle: work the first screen does not
 * need (registering the service worker, warming caches) stays out of its way (docs/decisions/165).
 */
export function whenIdleAfterLoad(
  task: () => void,
  win: IdleWindow = window,
  doc: Document = document,
): void {
  if (doc.readyState === 'complete') {
    whenIdle(task, IDLE_TIMEOUT_MS, win);
    return;
  }
  win.addEventListener('load', () => whenIdle(task, IDLE_TIMEOUT_MS, win), { once: true });
}
