import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * State that must agree across nodes (decision 036): counters with an expiry (sign-in throttle)
 * and a message bus (session invalidation). With REDIS_URL both live in Redis under `namespace`;
 * without it they are in-process, which is exact for the single node that setup implies.
 */
export type SharedState = {
  /** Prefix of every key and channel (one per database, so parallel test apps never meet). */
  namespace: string;
  /** The Redis connection for commands, when REDIS_URL is set (rate limits use it too). */
  redis: Redis | null;
  /** Adds 1 to `key` and returns the new count; the key expires `ttlMs` after its first hit. */
  incr(key: string, ttlMs: number): Promise<number>;
  /** Milliseconds until `key` expires, 0 when it does not exist. */
  ttl(key: string): Promise<number>;
  /** Sets `key` for `ttlMs`. */
  set(key: string, ttlMs: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /** Delivers `message` to every node's handlers for `channel`, this one included (at once). */
  publish(channel: string, message: string): void;
  /** Resolves once the subscription is live on Redis (at once in-process). */
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
  close(): Promise<void>;
};

/** `amora:<database name>:` — nodes of one deployment share it, separate test databases do not. */
export function namespaceFor(databaseUrl: string | undefined): string {
  if (!databaseUrl) return 'amora:local:';
  const name = new URL(databaseUrl).pathname.replace(/^\//, '') || 'postgres';
  return `amora:${name}:`;
}

export function createSharedState(opts: {
  redisUrl?: string | undefined;
  namespace: string;
  log: FastifyBaseLogger;
}): SharedState {
  const ns = opts.namespace;
  const local = new EventEmitter();
  local.setMaxListeners(0);
  if (!opts.redisUrl) {
    const expiries = new Map<string, { count: number; until: number }>();
    const live = (key: string) => {
      const e = expiries.get(key);
      if (e && e.until <= Date.now()) {
        expiries.delete(key);
        return undefined;
      }
      return e;
    };
    const sweep = setInterval(() => {
      const now = Date.now();
      for (const [k, e] of expiries) if (e.until <= now) expiries.delete(k);
    }, 60_000);
    sweep.unref();
    return {
      namespace: ns,
      redis: null,
      async incr(key, ttlMs) {
        const e = live(key);
        if (e) return ++e.count;
        expiries.set(key, { count: 1, until: Date.now() + ttlMs });
        return 1;
      },
      async ttl(key) {
        const e = live(key);
        return e ? e.until - Date.now() : 0;
      },
      async set(key, ttlMs) {
        expiries.set(key, { count: 1, until: Date.now() + ttlMs });
      },
      async del(...keys) {
        for (const k of keys) expiries.delete(k);
      },
      publish(channel, message) {
        local.emit(channel, message);
      },
      async subscribe(channel, handler) {
        local.on(channel, handler);
      },
      async close() {
        clearInterval(sweep);
      },
    };
  }

  const redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  const sub = new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
  for (const c of [redis, sub]) c.on('error', (err) => opts.log.error({ err }, 'redis error (shared state)'));
  // Messages this node published are handled at once, locally; the copy from Redis is skipped.
  const nodeId = randomUUID();
  const subscribed = new Set<string>();
  sub.on('message', (channel: string, raw: string) => {
    const sep = raw.indexOf('|');
    if (sep < 0 || raw.slice(0, sep) === nodeId) return;
    local.emit(channel.slice(ns.length), raw.slice(sep + 1));
  });
  return {
    namespace: ns,
    redis,
    async incr(key, ttlMs) {
      const k = ns + key;
      const [[, count]] = (await redis.multi().incr(k).pexpire(k, ttlMs, 'NX').exec()) as [[unknown, number]];
      return count;
    },
    async ttl(key) {
      const ms = await redis.pttl(ns + key);
      return ms > 0 ? ms : 0;
    },
    async set(key, ttlMs) {
      await redis.set(ns + key, '1', 'PX', ttlMs);
    },
    async del(...keys) {
      if (keys.length) await redis.del(...keys.map((k) => ns + k));
    },
    publish(channel, message) {
      local.emit(channel, message);
      redis.publish(ns + channel, `${nodeId}|${message}`).catch((err: unknown) => {
        opts.log.error({ err, channel }, 'redis publish failed');
      });
    },
    async subscribe(channel, handler) {
      local.on(channel, handler);
      if (subscribed.has(channel)) return;
      subscribed.add(channel);
      await sub.subscribe(ns + channel);
    },
    async close() {
      await Promise.all([redis, sub].map((c) => c.quit().catch(() => undefined)));
    },
  };
}
