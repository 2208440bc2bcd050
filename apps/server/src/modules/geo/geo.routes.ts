import { GeoBody, GeoResponse } from '@amora/shared/payments.ts';
import type { AppInstance } from '../../app-types.ts';
import { createGeoService } from './geo.service.ts';

export function geoRoutes(app: AppInstance): void {
  const geo = createGeoService({ users: app.ctx.services.users, settings: app.ctx.services.settings });
  app.post(
    '/api/user/geo',
    {
      onRequest: [app.requireAuth],
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        summary: 'Set the geo price tier (SPEC §6) from the IP, with an offline IP database',
        body: GeoBody,
        response: { 200: GeoResponse },
      },
    },
    async (req) => ({
      geo: await geo.locate(req.userId(), {
        requestIp: req.ip,
        bodyIp: req.body.ip,
        isExpat: req.body.isExpat,
      }),
    }),
  );
}
