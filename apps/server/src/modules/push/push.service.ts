import type { PushPayload, PushSubscriptionBody } from '@amora/shared/push.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { PushRepository } from './push.repository.ts';
import type { PushSender } from './push-sender.ts';
import { checkPushEndpoint, type EndpointVerdict, type Resolve } from './endpoint-guard.ts';

/** How long a push service keeps an undelivered notification (a "she wrote" is stale after a day). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const BODY_MAX = 180;
/** Browsers (subscriptions) kept per user; the oldest go first. */
export const PUSH_MAX_PER_USER = 10;

export type PushDeps = {
  db: Db;
  repo: PushRepository;
  sender: PushSender;
  publicKey: string;
  log: FastifyBaseLogger;
  /** Tests subscribe a loopback http endpoint; real browsers always give https push services. */
  allowInsecureEndpoints?: boolean;
  /** How endpoint names are resolved (tests give a fake). */
  resolve?: Resolve;
  /** Whether the user takes notifications now: a paused account (`/deactivate`) does not. */
  reachable?: (userId: string) => Promise<boolean>;
};

/**
 * Web push (issue 3, "she writes first"): browsers subscribe with the VAPID public key, the
 * server keeps one row per endpoint, and a notification goes to every subscription of the user.
 * A push service answering 404 or 410 has dropped the subscription, so its row goes too.
 */
export function createPushService(deps: PushDeps) {
  const { db, repo, sender, log } = deps;

  const verdict = (endpoint: string): Promise<EndpointVerdict> =>
    deps.allowInsecureEndpoints ? Promise.resolve('public') : checkPushEndpoint(endpoint, deps.resolve);

  return {
    publicKey(): string {
      return deps.publicKey;
    },

    async subscribe(userId: string, sub: PushSubscriptionBody): Promise<void> {
      // A name that does not resolve right now (a server without DNS) may be stored: nothing is
      // sent to it until it resolves to public addresses only, checked again before every send.
      if ((await verdict(sub.endpoint)) === 'inside') throw new AppError('VALIDATION_ERROR', 'push.endpoint');
      const stored = await repo.upsert(db, {
        endpoint: sub.endpoint,
        userId,
        p256dh: sub.keys.p256dh,
        auth: sub.keys.auth,
        expiresAt: sub.expirationTime ? new Date(sub.expirationTime) : null,
      });
      // Another account's endpoint is never moved to the caller (decision 039).
      if (!stored) throw new AppError('CONFLICT', 'security.pushEndpointTaken');
      await repo.trimForUser(db, userId, PUSH_MAX_PER_USER);
    },

    /** A deleted account gets no more notifications anywhere. */
    async unsubscribeAll(userId: string): Promise<void> {
      await repo.deleteAllForUser(db, userId);
    },

    /** Forgets one of the user's subscriptions; another user's endpoint is left alone. */
    async unsubscribe(userId: string, endpoint: string): Promise<boolean> {
      return repo.deleteOwned(db, userId, endpoint);
    },

    /**
     * Sends one notification to every browser the user allowed. Never throws: a notification is a
     * courtesy on top of the message that is already stored and delivered by socket.
     */
    async notify(
      userId: string,
      payload: PushPayload,
      opts: { topic?: string; now?: Date } = {},
    ): Promise<{ sent: number; removed: number; failed: number }> {
      const result = { sent: 0, removed: 0, failed: 0 };
      let subs;
      try {
        if (deps.reachable && !(await deps.reachable(userId))) return result;
        subs = await repo.listForUser(db, userId);
      } catch (err) {
        log.error({ err, userId }, 'push: listing subscriptions failed');
        return result;
      }
      const now = opts.now ?? new Date();
      const body = JSON.stringify({
        ...payload,
        body: payload.body.length > BODY_MAX ? `${payload.body.slice(0, BODY_MAX - 1)}…` : payload.body,
      });
      const sent: string[] = [];
      await Promise.all(
        subs.map(async (s) => {
          if (s.expiresAt && s.expiresAt.getTime() <= now.getTime()) {
            await repo.deleteEndpoint(db, s.endpoint);
            result.removed++;
            return;
          }
          try {
            // Names can change what they point to after subscribing: checked at every send.
            const seen = await verdict(s.endpoint);
            if (seen === 'unresolved') {
              log.warn({ userId }, 'push: endpoint does not resolve now; not sent');
              return;
            }
            if (seen === 'inside') {
              await repo.deleteEndpoint(db, s.endpoint);
              result.removed++;
              log.warn({ userId }, 'push: endpoint no longer resolves to a public address; removed');
              return;
            }
            const { status } = await sender.send(
              { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
              body,
              { ttlSeconds: PUSH_TTL_SECONDS, ...(opts.topic ? { topic: opts.topic } : {}) },
            );
            if (status === 404 || status === 410) {
              await repo.deleteEndpoint(db, s.endpoint);
              result.removed++;
            } else if (status >= 200 && status < 300) {
              sent.push(s.endpoint);
              result.sent++;
            } else {
              result.failed++;
              log.warn({ status, userId }, 'push: the push service refused a notification');
            }
          } catch (err) {
            result.failed++;
            log.warn({ err, userId }, 'push: sending a notification failed');
          }
        }),
      );
      await repo.markSent(db, sent, now).catch((err: unknown) => log.warn({ err }, 'push: markSent failed'));
      return result;
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
