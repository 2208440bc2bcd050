import { Chat } from '@amora/shared/chat.ts';
import { UserResponse } from '@amora/shared/user.ts';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { toUserDto } from '../users/users.mapper.ts';
import type { ChatsService } from '../chats/chats.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AccountService } from './account.service.ts';

/** The short calls of SPEC §7 that belong to the account: `/chat/last`, `/switch-to-english`, `/deactivate`. */
export function accountCallRoutes(
  app: AppInstance,
  account: AccountService,
  deps: { chats: ChatsService; users: UsersService },
): void {
  const { chats, users } = deps;
  const common = { security: [{ bearer: [] }] };

  app.get(
    '/api/chat/last',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        tags: ['chats'],
        summary: 'The chat with the newest activity (to continue it), or null',
        response: { 200: z.object({ data: Chat.nullable() }) },
      },
    },
    async (req) => ({ data: (await chats.list(req.userId()))[0] ?? null }),
  );

  app.post(
    '/api/user/switch-to-english',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        tags: ['users'],
        summary: 'Switch the interface and the characters to English at once',
        response: { 200: UserResponse },
      },
    },
    async (req) => {
      await users.setLanguage(req.userId(), 'en');
      const user = await users.setLanguageForChats(req.userId(), 'en');
      await chats.setLanguageForUser(user.id, 'en');
      return { user: toUserDto(user) };
    },
  );

  app.post(
    '/api/user/deactivate',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        tags: ['users'],
        summary: 'Pause the account: signed out everywhere, the data kept; signing in again reactivates it',
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await account.deactivate(req.userId());
      return reply.code(204).send(null);
    },
  );
}
