import { REFRESH_COOKIE_MAX_AGE_MS, REFRESH_COOKIE_NAME } from '@amora/shared/constants.ts';
import type { FastifyReply } from 'fastify';

export const REFRESH_COOKIE_PATH = '/api/auth';

/** Sets the httpOnly refresh cookie (sign-up, sign-in, refresh, token exchange). */
export function setRefreshCookie(reply: FastifyReply, token: string, secure: boolean): void {
  void reply.setCookie(REFRESH_COOKIE_NAME, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: REFRESH_COOKIE_PATH,
    maxAge: Math.floor(REFRESH_COOKIE_MAX_AGE_MS / 1000),
  });
}
