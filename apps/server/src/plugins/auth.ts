import type { FastifyInstance, FastifyRequest } from 'fastify';
import { banned, unauthorized } from '../lib/errors.ts';
import type { Identity } from '../lib/identity.ts';

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Bearer access tokens: `onRequest: [app.requireAuth]` guards a route. The token must be valid,
 * unexpired and of the account's current session version (a reset or deletion ends it at once).
 * A banned account keeps its session read-only: every write answers 403 BANNED except the routes
 * marked `config: { allowBanned: true }` (the appeal). Decision 037.
 */
export function registerAuth(app: FastifyInstance, identity: Identity): void {
  app.decorate('identity', identity);
  app.decorateRequest('authUserId', null);
  app.decorateRequest('userId', function (this: FastifyRequest) {
    if (!this.authUserId) throw unauthorized();
    return this.authUserId;
  });
  app.decorate('requireAuth', async (req: FastifyRequest) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthorized('auth.signIn');
    const who = await identity.authenticate(token);
    if (!who) throw unauthorized('auth.sessionExpired');
    req.authUserId = who.userId;
    if (who.banned && !READS.has(req.method) && !req.routeOptions.config.allowBanned)
      throw banned(who.bannedReason);
  });
}
