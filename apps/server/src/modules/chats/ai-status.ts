import type { AiHealth, AiStatus } from '@amora/shared/ai-status.ts';
import type { Language } from '@amora/shared/enums.ts';

/** Consecutive failed replies after which the engine counts as down. */
const DOWN_AFTER_FAILURES = 2;

/**
 * The health of the active engine, from what its replies do: a clean reply is ok; a reply that
 * needed retries, or one failure, is degraded; failures in a row are down. A change is announced
 * through `onChange` (the app sends it to every client as `ai_status`).
 */
export function createAiStatusTracker(opts: {
  engine: string;
  /** The chat languages the engine writes. */
  languages: readonly Language[];
  onChange?: (status: AiStatus) => void;
  now?: () => Date;
  downAfter?: number;
}) {
  const now = opts.now ?? (() => new Date());
  const downAfter = opts.downAfter ?? DOWN_AFTER_FAILURES;
  let status: AiHealth = 'ok';
  let since = now();
  let lastErrorAt: Date | null = null;
  let failures = 0;

  const snapshot = (): AiStatus => ({
    engine: opts.engine,
    status,
    lastErrorAt: lastErrorAt?.toISOString() ?? null,
    since: since.toISOString(),
    languages: [...opts.languages],
  });

  function set(next: AiHealth): void {
    if (next === status) return;
    status = next;
    since = now();
    opts.onChange?.(snapshot());
  }

  return {
    current: snapshot,
    /** A reply came through; `retried` when it took more than one attempt. */
    success(o: { retried: boolean } = { retried: false }): void {
      failures = 0;
      set(o.retried ? 'degraded' : 'ok');
    },
    /** A reply (after all its retries) failed. */
    failure(): void {
      failures += 1;
      lastErrorAt = now();
      set(failures >= downAfter ? 'down' : 'degraded');
    },
  };
}
export type AiStatusTracker = ReturnType<typeof createAiStatusTracker>;
