import {
  AdminFeedbackResponse,
  AdminPromoCodesResponse,
  AdminRenewalResponse,
  AdminUserParams,
  AdminUsersQuery,
  AdminUsersResponse,
  BanBody,
  BanResponse,
  RegistrationTokensResponse,
} from '@amora/shared/admin.ts';
import type { AppInstance } from '../../app-types.ts';
import { requireRole } from '../../plugins/require-role.ts';
import type { UserRow } from '../../db/schema/users.ts';
import type { AdminService } from './admin.service.ts';

const banView = (u: UserRow) => ({ user: { _id: u.id, banned: { is: u.banned, reason: u.bannedReason } } });

/** Account moderation and the operator console's lists (admin role). */
export function adminRoutes(app: AppInstance, admin: AdminService): void {
  const onRequest = [app.requireAuth, requireRole(app, ['admin'])];
  const common = { tags: ['admin'], security: [{ bearer: [] }] };

  app.get(
    '/api/admin/users',
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Find accounts by exact id or by part of the email (case-insensitive), newest first, at most 20',
        querystring: AdminUsersQuery,
        response: { 200: AdminUsersResponse },
      },
    },
    async (req) => ({ data: await admin.searchUsers(req.query.q) }),
  );

  app.post(
    '/api/admin/users/:id/ban',
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Ban a user: chats and payments are refused and the user sees the ban modal at once (`banned` event)',
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

  app.post(
    '/api/admin/users/:id/subscription/renew',
    {
      onRequest,
      schema: {
        ...common,
        summary:
          "Charge the user's subscription renewal now, the way the renewal job charges a due one (the saved card; the processor's webhook decides: next period, or a failed renewal and NO_REBIL); 409 while a renewal charge is under way",
        params: AdminUserParams,
        response: { 200: AdminRenewalResponse },
      },
    },
    async (req) => {
      const { paymentId } = await admin.renewNow(req.params.id);
      req.log.info({ actor: req.userId(), userId: req.params.id, paymentId }, 'operator charged a renewal');
      return { paymentId, status: paymentId ? ('pending' as const) : ('failed' as const) };
    },
  );

  app.get(
    '/api/admin/registration-tokens',
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Registration tokens issued so far, newest first (at most 100): account, issuer, expiry and use; the token itself is shown only when issued',
        response: { 200: RegistrationTokensResponse },
      },
    },
    async () => ({ data: await admin.registrationTokens() }),
  );

  app.get(
    '/api/admin/promo-codes',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Promo codes, newest first (at most 100), with their uses',
        response: { 200: AdminPromoCodesResponse },
      },
    },
    async () => ({ data: await admin.promoCodes() }),
  );

  app.get(
    '/api/admin/feedback',
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Chat feedback (`/chat/:id/feedback`), newest first (at most 100): rating, text, user and character',
        response: { 200: AdminFeedbackResponse },
      },
    },
    async () => ({ data: await admin.feedback() }),
  );
}
