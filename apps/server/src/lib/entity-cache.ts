import type { SharedState } from './shared-state.ts';

/**
 * A per-node read cache of one kind of entity (decision 091), kept coherent across nodes: a write
 * calls `invalidate(id)` (or `invalidateAll()`), which is published on the shared bus (Redis
 * pub/sub with REDIS_URL, in-process otherwise) so every node drops its copy. A load that started
 * before an invalidation never puts its stale answer back. Entries also expire after `ttlMs`, a
 * safety net for a message lost with Redis.
 */
export function createEntityCache<T>(deps: {
  /** The bus channel's suffix: `cache:<name>`. */
  name: string;
  shared: SharedState;
  load: (id: string) => Promise<T>;
  ttlMs?: number;
  maxEntries?: number;
}) {
  const ttlMs = deps.ttlMs ?? 60_000;
  const maxEntries = deps.maxEntries ?? 50_000;
  const channel = `cache:${deps.name}`;
  const entries = new Map<string, { value: T; at: number }>();
  /** Bumped by every invalidation of the id (`*`: of everything). */
  const generation = new Map<string, number>();
  let everything = 0;
  /** Loads running now, by id, with the generations they began under. */
  const loading = new Map<string, { gen: number; all: number; value: Promise<T> }>();

  const drop = (id: string) => {
    if (id === '*') {
      entries.clear();
      generation.clear();
      everything++;
      return;
    }
    entries.delete(id);
    generation.set(id, (generation.get(id) ?? 0) + 1);
  };

  return {
    /** Resolves once this node hears invalidations from the others. */
    start: () => deps.shared.subscribe(channel, drop),

    async get(id: string): Promise<T> {
      const hit = entries.get(id);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      const gen = generation.get(id) ?? 0;
      const all = everything;
      // One load per id at a time (decision 150): callers that miss while it runs share it, as
      // long as nothing was invalidated since it began (else they load afresh).
      const pending = loading.get(id);
      if (pending && pending.gen === gen && pending.all === all) return pending.value;
      const value = deps.load(id).then((loaded) => {
        if ((generation.get(id) ?? 0) === gen && everything === all) {
          if (entries.size >= maxEntries) {
            const oldest = entries.keys().next().value;
            if (oldest !== undefined) entries.delete(oldest);
          }
          entries.delete(id);
          entries.set(id, { value: loaded, at: Date.now() });
        }
        return loaded;
      });
      const mine = { gen, all, value };
      loading.set(id, mine);
      const done = () => {
        if (loading.get(id) === mine) loading.delete(id);
      };
      value.then(done, done);
      return value;
    },

    /**
     * Keeps a row this node has just written and read back (write-through), without telling the
     * other nodes. Only for entities whose cached fields are immutable or re-checked by the
     * statements that rely on them (the chat heads of decision 120): a racing invalidation from
     * another node may leave this copy a write behind until the next invalidation or `ttlMs`.
     */
    set(id: string, value: T): void {
      if (!entries.has(id) && entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.delete(id);
      entries.set(id, { value, at: Date.now() });
    },

    /** Drops `id` on every node (this one at once). Call it after the write has committed. */
    invalidate(id: string): void {
      drop(id);
      deps.shared.publish(channel, id);
    },

    invalidateAll(): void {
      drop('*');
      deps.shared.publish(channel, '*');
    },

    get size(): number {
      return entries.size;
    },
  };
}
export type EntityCache<T> = ReturnType<typeof createEntityCache<T>>;
