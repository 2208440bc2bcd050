import type { SharedState } from '../../lib/shared-state.ts';

/** What every request and socket of a user is checked against (decision 036). */
export type SessionInfo = { version: number; banned: boolean; bannedReason: string | null };

/** Why a user's sessions changed; each node acts on its own sockets. */
export type SessionChange =
  | { userId: string; kind: 'version' }
  | { userId: string; kind: 'ban'; reason: string }
  | { userId: string; kind: 'unban' };

const CHANNEL = 'session';

/**
 * The per-user session version and ban state, cached in memory so the auth hook costs no query
 * per request. A change (password reset, deletion, ban) is published to every node (Redis pub/sub
 * with REDIS_URL, in-process otherwise): each drops its cached entry and tells its own sockets.
 * The cache also forgets entries after `ttlMs`, a safety net for a message lost with Redis.
 */
export function createSessionState(deps: {
  /** The user's current version and ban; null for a deleted or unknown account. */
  load: (userId: string) => Promise<SessionInfo | null>;
  shared: SharedState;
  ttlMs?: number;
  maxEntries?: number;
}) {
  const ttlMs = deps.ttlMs ?? 60_000;
  const maxEntries = deps.maxEntries ?? 100_000;
  const cache = new Map<string, { info: SessionInfo | null; at: number }>();
  /** A load that started before an invalidation must not put its stale answer back. */
  const generation = new Map<string, number>();
  const listeners: ((change: SessionChange) => void)[] = [];

  const handle = (raw: string) => {
    let change: SessionChange;
    try {
      change = JSON.parse(raw) as SessionChange;
    } catch {
      return;
    }
    if (typeof change?.userId !== 'string') return;
    cache.delete(change.userId);
    generation.set(change.userId, (generation.get(change.userId) ?? 0) + 1);
    for (const l of listeners) l(change);
  };

  return {
    /** Resolves once this node hears changes from the others. */
    start: () => deps.shared.subscribe(CHANNEL, handle),

    async get(userId: string): Promise<SessionInfo | null> {
      const hit = cache.get(userId);
      if (hit && Date.now() - hit.at < ttlMs) return hit.info;
      const gen = generation.get(userId) ?? 0;
      const info = await deps.load(userId);
      if ((generation.get(userId) ?? 0) === gen) {
        if (cache.size >= maxEntries) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
        cache.delete(userId);
        cache.set(userId, { info, at: Date.now() });
      }
      return info;
    },

    /** Publishes a change to every node (this one at once). */
    changed(change: SessionChange): void {
      deps.shared.publish(CHANNEL, JSON.stringify(change));
    },

    onChange(listener: (change: SessionChange) => void): void {
      listeners.push(listener);
    },
  };
}
export type SessionState = ReturnType<typeof createSessionState>;
