import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../app-types.ts';
import { forbidden } from '../lib/errors.ts';

type Role = 'admin' | 'partner' | 'user';

/** onRequest hook (after `app.requireAuth`): answers 403 unless the user has one of the roles. */
export function requireRole(app: AppInstance, roles: readonly Role[]) {
  return async (req: FastifyRequest): Promise<void> => {
    const user = await app.ctx.services.users.getById(req.userId());
    if (!roles.includes(user.role)) throw forbidden('auth.operatorOnly');
  };
}
