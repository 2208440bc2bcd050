import type { AppInstance } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import { createUsersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService, type UsersService } from './users.service.ts';

/** Accounts: the profile, languages, deletion and bans (others listen to its events). */
export function registerUsersModule(app: AppInstance, deps: { db: Db; ledger: LedgerService }): UsersService {
  const users = createUsersService({ db: deps.db, repo: createUsersRepository(), ledger: deps.ledger });
  usersRoutes(app, users);
  return users;
}
