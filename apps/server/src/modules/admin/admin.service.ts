import type {
  AdminFeedbackView,
  AdminPromoCodeView,
  AdminUserView,
  RegistrationTokenView,
} from '@amora/shared/admin.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { forbidden } from '../../lib/errors.ts';
import type { Realtime } from '../../lib/realtime.ts';
import type { SubscriptionsService } from '../payments/subscriptions.service.ts';
import { toPromoCodeView } from '../promo/promo.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AdminRepository } from './admin.repository.ts';

const SEARCH_LIMIT = 20;
const LIST_LIMIT = 100;

function toAdminUserView(u: UserRow): AdminUserView {
  return {
    _id: u.id,
    email: u.email,
    name: u.name,
    status: u.status,
    role: u.role,
    partnerSource: u.partnerSource,
    source: u.source,
    affiliate_platform: u.affiliatePlatform,
    utm_source: u.utmSource,
    tokens: u.tokens,
    banned: { is: u.banned, reason: u.bannedReason },
    deleted: u.deletedAt !== null,
    createdAt: u.createdAt.toISOString(),
  };
}

/** Operator actions on accounts (SPEC §6 Banned) and the console's lists. */
export function createAdminService(deps: {
  db: Db;
  repo: AdminRepository;
  users: UsersService;
  subscriptions: Pick<SubscriptionsService, 'renewNow'>;
  realtime: Realtime;
}) {
  const { db, repo, users, subscriptions } = deps;
  return {
    /**
     * Bans a user: chats and payments are refused from now on, and every open tab of theirs
     * receives `banned` so the ban modal shows at once.
     */
    async ban(actorId: string, userId: string, reason: string): Promise<UserRow> {
      if (actorId === userId) throw forbidden('admin.cannotBanSelf');
      // Sessions tell every open tab (`banned`) and then drop its socket (decision 037).
      const row = await users.setBan(userId, reason);
      return row;
    },
    async unban(userId: string): Promise<UserRow> {
      const row = await users.setBan(userId, null);
      return row;
    },
    /** Charges the user's subscription renewal now through the renewal job's own path (operator). */
    async renewNow(userId: string): Promise<{ paymentId: string | null }> {
      return subscriptions.renewNow(userId);
    },
    /** Accounts by exact id or by part of the email, newest first (at most 20). */
    async searchUsers(q: string): Promise<AdminUserView[]> {
      return (await repo.searchUsers(db, q, SEARCH_LIMIT)).map(toAdminUserView);
    },
    /** The latest registration tokens (never the token itself: only its hash is stored). */
    async registrationTokens(): Promise<RegistrationTokenView[]> {
      return (await repo.listRegistrationTokens(db, LIST_LIMIT)).map((r) => ({
        _id: r.id,
        userId: r.userId,
        email: r.email,
        createdBy: r.createdBy,
        createdAt: r.createdAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
        usedAt: r.usedAt?.toISOString() ?? null,
      }));
    },
    async promoCodes(): Promise<AdminPromoCodeView[]> {
      return (await repo.listPromoCodes(db, LIST_LIMIT)).map((c) => ({
        ...toPromoCodeView(c),
        createdAt: c.createdAt.toISOString(),
      }));
    },
    async feedback(): Promise<AdminFeedbackView[]> {
      return (await repo.listFeedback(db, LIST_LIMIT)).map((f) => ({
        _id: f.id,
        rating: f.rating,
        text: f.text,
        createdAt: f.createdAt.toISOString(),
        chatId: f.chatId,
        user: { _id: f.userId, email: f.email },
        bot: { _id: f.botId, name: f.botName },
      }));
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
