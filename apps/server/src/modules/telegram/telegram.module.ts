import type { AppInstance } from '../../app-types.ts';
import type { Config } from '../../config.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { telegramRoutes } from './telegram.routes.ts';
import { createTelegramService, type TelegramService } from './telegram.service.ts';

/** Sign-in from the Telegram mini app (initData signed with TELEGRAM_BOT_TOKEN). */
export function registerTelegramModule(
  app: AppInstance,
  deps: { config: Config; users: UsersService; auth: AuthService },
): TelegramService {
  const telegram = createTelegramService({
    botToken: deps.config.TELEGRAM_BOT_TOKEN,
    users: deps.users,
    auth: deps.auth,
  });
  telegramRoutes(app, { telegram, config: deps.config });
  return telegram;
}
