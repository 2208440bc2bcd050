import { GeoBody, GeoResponse } from '@amora/shared/payments.ts';
import type { AppInstance } from '../../app-types.ts';
import type { Config } from '../../config.ts';
import type { GeoService } from './geo.service.ts';

export function geoRoutes(app: AppInstance, deps: { geo: GeoService; config: Config }): void {
  const { geo, config } = deps;
  if (config.GEO_TRUST_BODY_IP && config.NODE_ENV !== 'test')
    app.log.warn('GEO_TRUST_BODY_IP is set: prices follow the IP the client sends (a test-only setting)');
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
