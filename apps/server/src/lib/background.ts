/**
 * Work that outlives the request that started it (replies, emails). Tracked so that a graceful
 * shutdown can let it finish before the database closes.
 */
export function createBackground(onError: (err: unknown) => void) {
  const running = new Set<Promise<unknown>>();
  let closing = false;
  return {
    run(task: () => Promise<unknown>): void {
      const p = Promise.resolve()
        .then(task)
        .catch(onError)
        .finally(() => running.delete(p));
      running.add(p);
    },
    get closing(): boolean {
      return closing;
    },
    get size(): number {
      return running.size;
    },
    /** Waits for everything running (and anything it starts) to settle. */
    async drain(): Promise<void> {
      closing = true;
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
export type Background = ReturnType<typeof createBackground>;
