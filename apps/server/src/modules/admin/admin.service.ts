import type { UserRow } from '../../db/schema/users.ts';
import { forbidden } from '../../lib/errors.ts';
import type { Realtime } from '../../lib/realtime.ts';
import type { UsersService } from '../users/users.service.ts';

/** Operator actions on accounts (SPEC §6 Banned). */
export function createAdminService(deps: { users: UsersService; realtime: Realtime }) {
  const { users, realtime } = deps;
  return {
    /**
     * Bans a user: chats and payments are refused from now on, and every open tab of theirs
     * receives `banned` so the ban modal shows at once.
     */
    async ban(actorId: string, userId: string, reason: string): Promise<UserRow> {
      if (actorId === userId) throw forbidden('You cannot ban your own account');
      const row = await users.setBan(userId, reason);
      realtime.toUser(userId, 'banned', { reason });
      return row;
    },
    async unban(userId: string): Promise<UserRow> {
      const row = await users.setBan(userId, null);
      realtime.toUser(userId, 'unbanned', {});
      return row;
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
