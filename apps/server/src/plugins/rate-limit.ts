import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyRequest, RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppInstance } from '../app-types.ts';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes that deserve a smaller allowance than RATE_LIMIT_WRITES, as a share of it (decision 039).
 * Data, not code: a route missing here gets the whole allowance.
 */
const WRITE_SHARES: Record<string, number> = {
  'POST /api/chat/:id/feedback': 0.25,
  'POST /api/user/update': 0.25,
  'POST /api/push/subscribe': 0.25,
  'POST /api/chat/send/:id': 0.5,
  'POST /api/support/appeal': 0.1,
};

/** Signed-in requests count per user; anonymous ones per client address (see TRUST_PROXY). */
export function rateLimitKey(req: FastifyRequest): string {
  return req.authUserId ? `u:${req.authUserId}` : `ip:${req.ip}`;
}

/**
 * @fastify/rate-limit for the whole API (DESIGN §5 plugins/rate-limit): routes name their own limit
 * (`config.rateLimit`, e.g. sign-in per address), and every signed-in write without one gets
 * RATE_LIMITED past RATE_LIMIT_WRITES per route per minute. The check runs after authentication so
 * a signed-in caller is counted as themself, whatever address they come from. With REDIS_URL the
 * counters live in Redis and every node shares them.
 */
export async function registerRateLimit(
  app: AppInstance,
  opts: { config: Config; redis: Redis | null; namespace: string },
): Promise<void> {
  const { config } = opts;
  const requireAuth = app.requireAuth;
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => READS.has(m))) return;
    const config_ = (route.config ??= {}) as { rateLimit?: unknown };
    if (config_.rateLimit !== undefined) return;
    const hooks = Array.isArray(route.onRequest) ? route.onRequest : route.onRequest ? [route.onRequest] : [];
    if (!hooks.includes(requireAuth)) return;
    const share = WRITE_SHARES[`${methods[0]} ${route.url}`] ?? 1;
    config_.rateLimit = {
      max: Math.max(1, Math.floor(config.RATE_LIMIT_WRITES * share)),
      timeWindow: 60_000,
    };
  });

  if (config.TRUST_PROXY === false) {
    let warned = false;
    app.addHook('onRequest', async (req) => {
      if (warned || req.headers['x-forwarded-for'] === undefined) return;
      warned = true;
      req.log.warn(
        'requests arrive with X-Forwarded-For but TRUST_PROXY is not set: every client behind that proxy shares one rate-limit bucket (see TRUST_PROXY in the README)',
      );
    });
  }

  await app.register(fastifyRateLimit, {
    global: false,
    hook: 'preHandler',
    keyGenerator: rateLimitKey,
    ...(opts.redis ? { redis: opts.redis, nameSpace: `${opts.namespace}rl:` } : {}),
    errorResponseBuilder: (_req, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      const err = new AppError('RATE_LIMITED', 'security.rateLimitedIn', { seconds });
      err.retryAfterSeconds = seconds;
      return err;
    },
  });
}
