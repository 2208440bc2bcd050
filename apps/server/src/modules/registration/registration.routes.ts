import { RefreshResponse } from '@amora/shared/auth.ts';
import {
  AdoptRefreshBody,
  CreateRegistrationTokenBody,
  CreateRegistrationTokenResponse,
  ExchangeTokenBody,
  ExchangeTokenResponse,
  LoginCodePreviewResponse,
} from '@amora/shared/registration.ts';
import type { AppInstance } from '../../app-types.ts';
import { requireRole } from '../../plugins/require-role.ts';
import { setRefreshCookie } from '../auth/refresh-cookie.ts';
import { toUserDto } from '../users/users.mapper.ts';
import type { Config } from '../../config.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { GeoService } from '../geo/geo.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { RegistrationService } from './registration.service.ts';

/** Registration flows (SPEC §2, §4, §8): tokens issued by landing pages, exchanged for a session. */
export function registrationRoutes(
  app: AppInstance,
  deps: {
    registration: RegistrationService;
    geo: GeoService;
    users: UsersService;
    auth: AuthService;
    config: Config;
    publicUrl: string;
  },
): void {
  const { registration, geo, config } = deps;
  const services = { users: deps.users, auth: deps.auth };
  const secure = deps.publicUrl.startsWith('https://');
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
      // What a landing page hands to /set-tokens is a one-time login code (two minutes, once),
      // never this session's refresh token (decision 038).
      const loginCode = await services.auth.issueLoginCode(user.id);
      return {
        success: true as const,
        token: session.accessToken,
        refreshToken: loginCode,
        loginCode,
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
          'For the /set-tokens page: exchange the one-time login code received in its URL (two minutes, once) for a session; the refresh cookie is set',
        body: AdoptRefreshBody,
        response: { 200: RefreshResponse },
      },
    },
    async (req, reply) => {
      const session = await services.auth.redeemLoginCode(req.body.refreshToken);
      setRefreshCookie(reply, session.refreshToken, secure);
      return { accessToken: session.accessToken };
    },
  );

  app.post(
    '/api/auth/set-tokens/preview',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary:
          'For the /set-tokens page: whose account a one-time login code opens (nothing is used up), so the page can name it and ask before switching',
        body: AdoptRefreshBody,
        response: { 200: LoginCodePreviewResponse },
      },
    },
    async (req) => {
      const user = await services.auth.previewLoginCode(req.body.refreshToken);
      return { user: { _id: user.id, email: user.email, name: user.name } };
    },
  );
}
