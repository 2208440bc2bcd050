import { RefreshResponse } from '@amora/shared/auth.ts';
import {
  AdoptRefreshBody,
  CreateRegistrationTokenBody,
  CreateRegistrationTokenResponse,
  ExchangeTokenBody,
  ExchangeTokenResponse,
} from '@amora/shared/registration.ts';
import type { AppInstance } from '../../app-types.ts';
import { requireRole } from '../../plugins/require-role.ts';
import { setRefreshCookie } from '../auth/refresh-cookie.ts';
import { createGeoService } from '../geo/geo.service.ts';
import { toUserDto } from '../users/users.mapper.ts';
import { createRegistrationRepository } from './registration.repository.ts';
import { createRegistrationService } from './registration.service.ts';

/** Registration flows (SPEC §2, §4, §8): tokens issued by landing pages, exchanged for a session. */
export function registrationRoutes(app: AppInstance): void {
  const { config, db, services } = app.ctx;
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  const secure = publicUrl.startsWith('https://');
  const registration = createRegistrationService({
    db,
    repo: createRegistrationRepository(),
    users: services.users,
    auth: services.auth,
    publicUrl,
  });
  const geo = createGeoService({
    users: services.users,
    settings: services.settings,
    trustBodyIp: config.GEO_TRUST_BODY_IP,
  });
  const rateLimit = { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute' };

  app.post(
    '/api/admin/registration-tokens',
    {
      onRequest: [app.requireAuth, requireRole(app, ['admin', 'partner'])],
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary:
          'Issue a single-use, expiring registration token for an email (the account is created with status New, or linked); for landing pages and affiliates',
        body: CreateRegistrationTokenBody,
        response: { 201: CreateRegistrationTokenResponse },
      },
    },
    async (req, reply) => reply.code(201).send(await registration.issue(req.userId(), req.body)),
  );

  app.post(
    '/api/auth/exchange-token',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Exchange a registration token (once) for a session: the access token, the refresh token (also set as the cookie) and the user',
        body: ExchangeTokenBody,
        response: { 200: ExchangeTokenResponse },
      },
    },
    async (req, reply) => {
      const session = await registration.exchange(req.body.registration_token);
      let user = session.user;
      if (req.body.ip !== undefined) {
        await geo.locate(user.id, { requestIp: req.ip, bodyIp: req.body.ip });
        user = await services.users.getById(user.id);
      }
      setRefreshCookie(reply, session.refreshToken, secure);
      return {
        success: true as const,
        token: session.accessToken,
        refreshToken: session.refreshToken,
        user: toUserDto(user),
      };
    },
  );

  app.post(
    '/api/auth/set-tokens',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary:
          'For the /set-tokens page: rotate a refresh token received in its URL and set it as this browser’s cookie',
        body: AdoptRefreshBody,
        response: { 200: RefreshResponse },
      },
    },
    async (req, reply) => {
      const result = await services.auth.refresh(req.body.refreshToken);
      if (result.refreshToken) setRefreshCookie(reply, result.refreshToken, secure);
      return { accessToken: result.accessToken };
    },
  );
}
