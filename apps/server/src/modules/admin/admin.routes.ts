import { AdminUserParams, BanBody, BanResponse } from '@amora/shared/admin.ts';
import type { AppInstance } from '../../app-types.ts';
import { requireRole } from '../../plugins/require-role.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { createAdminService } from './admin.service.ts';

const banView = (u: UserRow) => ({ user: { _id: u.id, banned: { is: u.banned, reason: u.bannedReason } } });

/** Account moderation for operators (admin role). */
export function adminRoutes(app: AppInstance): void {
  const admin = createAdminService({ users: app.ctx.services.users, realtime: app.ctx.realtime });
  const onRequest = [app.requireAuth, requireRole(app, ['admin'])];
  const common = { tags: ['admin'], security: [{ bearer: [] }] };

  app.post(
    '/api/admin/users/:id/ban',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Ban a user: chats and payments are refused and the user sees the ban modal at once (`banned` event)',
        params: AdminUserParams,
        body: BanBody,
        response: { 200: BanResponse },
      },
    },
    async (req) => banView(await admin.ban(req.userId(), req.params.id, req.body.reason)),
  );

  app.post(
    '/api/admin/users/:id/unban',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Lift a ban (`unbanned` event)',
        params: AdminUserParams,
        response: { 200: BanResponse },
      },
    },
    async (req) => banView(await admin.unban(req.params.id)),
  );
}
