import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors.ts';

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Bearer access tokens: `onRequest: [app.requireAuth]` guards a route. */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('authUserId', null);
  app.decorateRequest('userId', function (this: FastifyRequest) {
    if (!this.authUserId) throw unauthorized();
    return this.authUserId;
  });
  app.decorate('requireAuth', async (req: FastifyRequest) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthorized('auth.signIn');
    const userId = await app.ctx.services.auth.verifyAccessToken(token);
    if (!userId) throw unauthorized('auth.sessionExpired');
    req.authUserId = userId;
  });
}
