import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../app-types.ts';
import { forbidden } from '../lib/errors.ts';
import type { Role } from '../lib/identity.ts';

/** onRequest hook (after `app.requireAuth`): answers 403 unless the user has one of the roles. */
export function requireRole(app: AppInstance, roles: readonly Role[]) {
  return async (req: FastifyRequest): Promise<void> => {
    if (!roles.includes(await app.identity.roleOf(req.userId()))) throw forbidden('auth.operatorOnly');
  };
}
