import { REFRESH_COOKIE_NAME } from '@amora/shared/constants.ts';
import {
  AuthResponse,
  RecoveryBody,
  RefreshResponse,
  ResetPasswordBody,
  SignInBody,
  SignUpBody,
} from '@amora/shared/auth.ts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import type { Background } from '../../lib/background.ts';
import type { Config } from '../../config.ts';
import type { AuthService } from './auth.service.ts';
import { REFRESH_COOKIE_PATH, setRefreshCookie } from './refresh-cookie.ts';
import { toUserDto } from '../users/users.mapper.ts';

/** A browser that signed in to an account before (sign-in throttle, decision 037). */
export const DEVICE_COOKIE_NAME = 'amora_device';

export function authRoutes(
  app: AppInstance,
  deps: { auth: AuthService; config: Config; background: Background },
): void {
  const auth = () => deps.auth;
  const secure = deps.config.PUBLIC_URL?.startsWith('https://') ?? false;
  const rateLimit = { max: deps.config.AUTH_RATE_LIMIT, timeWindow: '1 minute' };

  const setCookie = (reply: FastifyReply, token: string) => setRefreshCookie(reply, token, secure);
  const clearCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE_NAME, {
      path: REFRESH_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure,
    });

  app.post(
    '/api/auth/sign-up',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Create an account; starts with 500 tokens and status New',
        body: SignUpBody,
        response: { 201: AuthResponse },
      },
    },
    async (req, reply) => {
      const session = await auth().signUp(req.body);
      setCookie(reply, session.refreshToken);
      return reply.code(201).send({ accessToken: session.accessToken, user: toUserDto(session.user) });
    },
  );

  app.post(
    '/api/auth/sign-in',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: SignInBody,
        response: { 200: AuthResponse },
      },
    },
    async (req, reply) => {
      const session = await auth().signIn(req.body, req.cookies[DEVICE_COOKIE_NAME]);
      setCookie(reply, session.refreshToken);
      // This browser proved the password: its own sign-in allowance for this account (decision 037).
      void reply.setCookie(DEVICE_COOKIE_NAME, session.deviceCookie, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/api/auth/sign-in',
        maxAge: 365 * 24 * 60 * 60,
      });
      return { accessToken: session.accessToken, user: toUserDto(session.user) };
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      config: { rateLimit: { max: rateLimit.max * 3, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Exchange the refresh cookie for an access token; the cookie is rotated',
        response: { 200: RefreshResponse },
      },
    },
    async (req, reply) => {
      const presented = req.cookies[REFRESH_COOKIE_NAME];
      try {
        const result = await auth().refresh(presented);
        setCookie(reply, result.refreshToken);
        return { accessToken: result.accessToken };
      } catch (err) {
        // Only a cookie that was sent and refused is cleared. A guest's refresh carries none: were
        // it to clear one anyway, a sign-up answered while it was in flight would lose its new
        // session cookie to this late answer, and the next page load would find the visitor
        // signed out.
        if (presented !== undefined) clearCookie(reply);
        throw err;
      }
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], summary: 'End this session', response: { 204: z.null() } } },
    async (req, reply) => {
      await auth().logout(req.cookies[REFRESH_COOKIE_NAME]);
      clearCookie(reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/recovery',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link; answers 202 whether or not the account exists',
        body: RecoveryBody,
        response: { 202: z.object({ ok: z.literal(true) }) },
      },
    },
    async (req, reply) => {
      // Answer at once, the same way for known and unknown emails; the lookup and mail happen after.
      const { email } = req.body;
      deps.background.run(() => auth().requestRecovery(email));
      return reply.code(202).send({ ok: true });
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from the reset link; signs in',
        body: ResetPasswordBody,
        response: { 200: AuthResponse },
      },
    },
    async (req, reply) => {
      const session = await auth().resetPassword(req.body);
      setCookie(reply, session.refreshToken);
      return { accessToken: session.accessToken, user: toUserDto(session.user) };
    },
  );
}
