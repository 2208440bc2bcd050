import { Language } from '@amora/shared/enums.ts';
import { firstName, firstWord } from '@amora/shared/user.ts';
import { AppError, isUniqueViolation, unauthorized } from '../../lib/errors.ts';
import type { AuthService, Session } from '../auth/auth.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { verifyInitData } from './init-data.ts';

/** Telegram mini app sign-in: verified initData → the user linked to that Telegram id. */
export function createTelegramService(deps: {
  botToken: string | undefined;
  users: UsersService;
  auth: AuthService;
}) {
  const { users, auth } = deps;
  return {
    configured: Boolean(deps.botToken),
    async signIn(initData: string): Promise<Session> {
      if (!deps.botToken) throw new AppError('UNAVAILABLE', 'telegram.notConfigured');
      const result = verifyInitData(initData, deps.botToken);
      if (!result.ok) {
        const why = (
          {
            malformed: 'telegram.malformed',
            bad_hash: 'telegram.badHash',
            expired: 'telegram.expired',
            no_user: 'telegram.noUser',
          } as const
        )[result.reason];
        throw unauthorized(why);
      }
      const telegramId = String(result.user.id);
      let user = await users.findByTelegramId(telegramId);
      if (!user) {
        const name = firstName.safeParse(firstWord(result.user.first_name ?? ''));
        const language = Language.safeParse(result.user.language_code?.slice(0, 2));
        try {
          user = await users.create({
            email: `tg${telegramId}@telegram.invalid`,
            passwordHash: null,
            telegramId,
            name: name.success ? name.data : null,
            source: 'telegram',
            ...(language.success ? { language: language.data } : {}),
          });
        } catch (err) {
          // Two launches at once: the other one created the account.
          if (!(err instanceof AppError && err.code === 'EMAIL_TAKEN') && !isUniqueViolation(err)) throw err;
          user = await users.findByTelegramId(telegramId);
          if (!user) throw err;
        }
      }
      return auth.startSessionFor(user);
    },
  };
}
export type TelegramService = ReturnType<typeof createTelegramService>;
