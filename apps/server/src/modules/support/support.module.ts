import type { AppInstance } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import type { Realtime } from '../../lib/realtime.ts';
import type { ChatsService } from '../chats/chats.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createSupportRepository } from './support.repository.ts';
import { supportRoutes } from './support.routes.ts';
import { createSupportService, type SupportService } from './support.service.ts';

/** The support chat and the console's support inbox (free messages, answered by the operator). */
export function registerSupportModule(
  app: AppInstance,
  deps: { db: Db; realtime: Realtime; chats: ChatsService; users: UsersService },
): SupportService {
  const support = createSupportService({
    db: deps.db,
    repo: createSupportRepository(),
    realtime: deps.realtime,
    openSupportChat: (userId) => deps.chats.support(userId),
    isBanned: async (userId) => (await deps.users.findById(userId))?.banned ?? false,
  });
  supportRoutes(app, support);
  return support;
}
