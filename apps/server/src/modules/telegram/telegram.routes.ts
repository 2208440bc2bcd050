import { REFRESH_COOKIE_MAX_AGE_MS, REFRESH_COOKIE_NAME } from '@amora/shared/constants.ts';
import { TwaBody, TwaResponse } from '@amora/shared/platform.ts';
import type { AppInstance } from '../../app-types.ts';
import type { Config } from '../../config.ts';
import type { TelegramService } from './telegram.service.ts';

export function telegramRoutes(app: AppInstance, deps: { telegram: TelegramService; config: Config }): void {
  const secure = deps.config.PUBLIC_URL?.startsWith('https://') ?? false;
  app.post(
    '/api/auth/twa',
    {
      config: { rateLimit: { max: deps.config.AUTH_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary:
          'Sign in from the Telegram mini app with its initData (HMAC-SHA256 checked); creates or links the user by Telegram id',
        body: TwaBody,
        response: { 200: TwaResponse },
      },
    },
    async (req, reply) => {
      const session = await deps.telegram.signIn(req.body.initData);
      // Telegram's webview keeps cookies, so refresh works there as on the web.
      reply.setCookie(REFRESH_COOKIE_NAME, session.refreshToken, {
        httpOnly: true,
        sameSite: secure ? 'none' : 'lax',
        secure,
        path: '/api/auth',
        maxAge: Math.floor(REFRESH_COOKIE_MAX_AGE_MS / 1000),
      });
      return { token: { token: session.accessToken } };
    },
  );
}
