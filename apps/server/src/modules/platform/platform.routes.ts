import { IdParam } from '@amora/shared/bots.ts';
import {
  FeedbackBody,
  FeedbackResponse,
  MaintenanceBody,
  MaintenanceResponse,
  OkResponse,
  ThemeEventBody,
  ThemeEventParams,
  ThemeEventResponse,
  ThemeEventsResponse,
  TmaLogBody,
} from '@amora/shared/platform.ts';
import type { AppInstance } from '../../app-types.ts';
import type { PlatformService } from './platform.service.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/require-role.ts';

export function platformRoutes(app: AppInstance, service: PlatformService): void {
  const platform = () => service;
  const admin = [app.requireAuth, requireRole(app, ['admin'])];
  const adminCommon = { tags: ['admin'], security: [{ bearer: [] }] };

  app.get(
    '/api/settings/maintenance',
    {
      schema: {
        tags: ['platform'],
        summary: 'Whether the service is under maintenance (polled every 5 minutes)',
        response: { 200: MaintenanceResponse },
      },
    },
    async () => ({ data: { maintenance: await platform().maintenance() } }),
  );

  app.put(
    '/api/admin/maintenance',
    {
      onRequest: admin,
      schema: {
        ...adminCommon,
        summary: 'Turn the maintenance screen on or off (admin)',
        body: MaintenanceBody,
        response: { 200: MaintenanceResponse },
      },
    },
    async (req) => ({ data: { maintenance: await platform().setMaintenance(req.body.maintenance) } }),
  );

  app.get(
    '/api/events',
    {
      schema: {
        tags: ['platform'],
        summary: 'Every seasonal theme event (SPEC §3 Event: _id, name, isActive)',
        response: { 200: ThemeEventsResponse },
      },
    },
    async () => ({ events: await platform().themeEvents() }),
  );

  app.get(
    '/api/themeEvents/event/:name',
    {
      schema: {
        tags: ['platform'],
        summary: 'A seasonal theme event (Halloween) and whether it is active',
        params: ThemeEventParams,
        response: { 200: ThemeEventResponse },
      },
    },
    async (req) => ({ event: await platform().themeEvent(req.params.name) }),
  );

  app.put(
    '/api/admin/themeEvents/event/:name',
    {
      onRequest: admin,
      schema: {
        ...adminCommon,
        summary: 'Start or stop a seasonal theme event (admin)',
        params: ThemeEventParams,
        body: ThemeEventBody,
        response: { 200: ThemeEventResponse },
      },
    },
    async (req) => ({ event: await platform().setThemeEvent(req.params.name, req.body.isActive) }),
  );

  app.post(
    '/api/chat/:id/feedback',
    {
      onRequest: [app.requireAuth],
      schema: {
        tags: ['chats'],
        security: [{ bearer: [] }],
        summary: 'Leave feedback (1-5 and a text) on one of your chats',
        params: IdParam,
        body: FeedbackBody,
        response: { 201: FeedbackResponse },
      },
    },
    async (req, reply) => {
      const feedback = await platform().feedback(req.userId(), req.params.id, req.body);
      return reply.code(201).send({ feedback });
    },
  );

  app.post(
    '/api/events/tma-log',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['platform'],
        summary: 'Log a Telegram mini app launch (user, start_param, platform)',
        body: TmaLogBody,
        response: { 200: OkResponse },
      },
    },
    async (req) => {
      const token = bearerToken(req.headers.authorization);
      const who = token ? await app.identity.authenticate(token) : null;
      await platform().tmaLog(who?.userId ?? null, req.body);
      return { ok: true as const };
    },
  );
}
