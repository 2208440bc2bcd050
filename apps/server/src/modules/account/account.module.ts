import type { UnverifiedPolicy } from '@amora/shared/account.ts';
import type { AppInstance } from '../../app-types.ts';
import type { Core } from '../../core.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ChatsService } from '../chats/chats.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createAccountRepository } from './account.repository.ts';
import { accountCallRoutes } from './account-calls.routes.ts';
import { accountRoutes, registerVerificationGuard } from './account.routes.ts';
import { createAccountService, type AccountService } from './account.service.ts';

/**
 * Account basics (issue 14): email verification and the operator's policy for unconfirmed
 * accounts, password and email changes, the data export, deleting a chat, receipts, the legal
 * texts, reports, and the operator's outbox.
 */
export async function registerAccountModule(
  app: AppInstance,
  deps: {
    core: Pick<Core, 'db' | 'config' | 'publicUrl' | 'shared'>;
    users: UsersService;
    auth: AuthService;
    mail: MailService;
    chats: ChatsService;
  },
): Promise<AccountService> {
  const { db, config, publicUrl } = deps.core;
  const defaultPolicy: UnverifiedPolicy = {
    canChat: config.UNVERIFIED_CAN_CHAT,
    canBuy: config.UNVERIFIED_CAN_BUY,
  };
  const account = createAccountService({
    db,
    repo: createAccountRepository(),
    users: deps.users,
    auth: deps.auth,
    mail: deps.mail,
    publicUrl,
    defaultPolicy,
    logLinks: config.NODE_ENV !== 'production',
    shared: deps.core.shared,
  });
  await account.start();
  deps.auth.onSignedUp((user) => account.onSignedUp(user));
  deps.auth.onSignedIn((user) => account.reactivate(user));
  registerVerificationGuard(app, account, deps.chats);
  accountRoutes(app, account, config);
  accountCallRoutes(app, account, { chats: deps.chats, users: deps.users });
  return account;
}
