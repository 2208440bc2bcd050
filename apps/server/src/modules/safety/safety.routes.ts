import { AdminUserParams } from '@amora/shared/admin.ts';
import { SafetyEventsResponse, SafetyHoldResponse, SafetyStatusResponse } from '@amora/shared/safety.ts';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-types.ts';
import type { SafetyService } from './safety.service.ts';
import { requireRole } from '../../plugins/require-role.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Writes a held account may still make: signing in and out, and opening the support chat. */
const ALWAYS_ALLOWED = ['/api/auth/', '/api/safety/', '/api/chat/support'];
/** A message to a chat: allowed when that chat is the support chat. */
const SEND = /^\/api\/chat\/send\/([^/]+)$/;

/**
 * The age-review write guard (decision 045): a preHandler on every route, so it runs after the
 * route's own `requireAuth`; an authenticated write from an account on hold answers 403
 * AGE_REVIEW. Reads stay open (the web shows the blocking screen from `GET /api/safety/status`).
 */
export function registerSafetyGuard(app: AppInstance, safety: SafetyService): void {
  app.addHook('preHandler', async (req: FastifyRequest) => {
    if (!WRITE_METHODS.has(req.method) || !req.authUserId) return;
    const path = req.url.split('?')[0] ?? '';
    if (ALWAYS_ALLOWED.some((p) => path.startsWith(p))) return;
    await safety.assertWritable(req.authUserId, SEND.exec(path)?.[1]);
  });
}

export function safetyRoutes(app: AppInstance, safety: SafetyService): void {
  const admin = [app.requireAuth, requireRole(app, ['admin'])];
  const common = { security: [{ bearer: [] }] };

  app.get(
    '/api/safety/status',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        tags: ['safety'],
        summary: 'Whether the account is on hold for age review (every write then answers 403 AGE_REVIEW)',
        response: { 200: SafetyStatusResponse },
      },
    },
    async (req) => {
      const status = await safety.status(req.userId());
      return { ageReview: status !== 'none', status };
    },
  );

  app.get(
    '/api/admin/safety/events',
    {
      onRequest: admin,
      schema: {
        ...common,
        tags: ['admin'],
        summary: 'Safety events (crisis statements answered with help, under-18 statements), newest first',
        response: { 200: SafetyEventsResponse },
      },
    },
    async () => ({ data: await safety.events() }),
  );

  app.post(
    '/api/admin/safety/users/:id/restore',
    {
      onRequest: admin,
      schema: {
        ...common,
        tags: ['admin'],
        summary: 'Lift the age-review hold: the account is an adult’s (`safety_released` event)',
        params: AdminUserParams,
        response: { 200: SafetyHoldResponse },
      },
    },
    async (req) => safety.restore(req.params.id),
  );

  app.post(
    '/api/admin/safety/users/:id/close',
    {
      onRequest: admin,
      schema: {
        ...common,
        tags: ['admin'],
        summary: 'Close an account held for age review (deleted as on the user’s own request)',
        params: AdminUserParams,
        response: { 200: SafetyHoldResponse },
      },
    },
    async (req) => safety.close(req.params.id),
  );
}
