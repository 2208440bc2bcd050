import { z } from 'zod';
import { userText } from './text-schema.ts';
import { Role, UserStatus } from './enums.ts';
import { PromoCodeView } from './promo.ts';

/** `POST /api/admin/users/:id/ban` (admin): the reason is shown to the user in the ban modal. */
export const BanBody = z
  .object({
    reason: userText()
      .min(1, 'Give the reason the user will see')
      .max(500, 'The reason must be at most 500 characters'),
  })
  .strict();
export type BanBody = z.infer<typeof BanBody>;

export const AdminUserParams = z.object({ id: z.string().min(1).max(64) });
export type AdminUserParams = z.infer<typeof AdminUserParams>;

export const BanResponse = z
  .object({
    user: z.object({ _id: z.string(), banned: z.object({ is: z.boolean(), reason: z.string().nullable() }) }),
  })
  .meta({ id: 'BanResponse' });
export type BanResponse = z.infer<typeof BanResponse>;

/** `GET /api/admin/users?q=`: find accounts by (part of) an email, or by an exact id. */
export const AdminUsersQuery = z
  .object({
    q: z.string().trim().min(1, 'Enter an email or a user id').max(254, 'The search is too long'),
  })
  .strict();
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

/** The operator's view of an account. */
export const AdminUserView = z
  .object({
    _id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    status: UserStatus,
    role: Role,
    /** A partner's traffic source (utm_source / affiliate_platform), set with the role. */
    partnerSource: z.string().nullable(),
    /** SPEC §3 traffic source (aray, keitaro, referral, or how the account was made) and platform. */
    source: z.string().nullable(),
    affiliate_platform: z.string().nullable(),
    utm_source: z.string().nullable(),
    tokens: z.number().int(),
    banned: z.object({ is: z.boolean(), reason: z.string().nullable() }),
    deleted: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminUserView' });
export type AdminUserView = z.infer<typeof AdminUserView>;
export const AdminUsersResponse = z.object({ data: z.array(AdminUserView) });
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;

/** `GET /api/admin/registration-tokens`: issued tokens, newest first (the token itself is only shown once, when issued). */
export const RegistrationTokenView = z
  .object({
    _id: z.string(),
    userId: z.string(),
    email: z.string(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z.string(),
    usedAt: z.string().nullable(),
  })
  .meta({ id: 'RegistrationTokenView' });
export type RegistrationTokenView = z.infer<typeof RegistrationTokenView>;
export const RegistrationTokensResponse = z.object({ data: z.array(RegistrationTokenView) });
export type RegistrationTokensResponse = z.infer<typeof RegistrationTokensResponse>;

/** `GET /api/admin/promo-codes`: every code, newest first. */
export const AdminPromoCodeView = PromoCodeView.extend({ createdAt: z.string() }).meta({
  id: 'AdminPromoCodeView',
});
export type AdminPromoCodeView = z.infer<typeof AdminPromoCodeView>;
export const AdminPromoCodesResponse = z.object({ data: z.array(AdminPromoCodeView) });
export type AdminPromoCodesResponse = z.infer<typeof AdminPromoCodesResponse>;

/**
 * `POST /api/admin/users/:id/subscription/renew` (admin): the user's renewal charged now, the way the
 * renewal job charges a due one. `paymentId` is null when no card is saved (the renewal failed at once).
 */
export const AdminRenewalResponse = z
  .object({ paymentId: z.string().nullable(), status: z.enum(['pending', 'failed']) })
  .meta({ id: 'AdminRenewalResponse' });
export type AdminRenewalResponse = z.infer<typeof AdminRenewalResponse>;

/** `GET /api/admin/feedback`: what users said about their chats (`/chat/:id/feedback`), newest first. */
export const AdminFeedbackView = z
  .object({
    _id: z.string(),
    rating: z.number().int(),
    text: z.string(),
    createdAt: z.string(),
    chatId: z.string(),
    user: z.object({ _id: z.string(), email: z.string() }),
    bot: z.object({ _id: z.string(), name: z.string() }),
  })
  .meta({ id: 'AdminFeedbackView' });
export type AdminFeedbackView = z.infer<typeof AdminFeedbackView>;
export const AdminFeedbackResponse = z.object({ data: z.array(AdminFeedbackView) });
export type AdminFeedbackResponse = z.infer<typeof AdminFeedbackResponse>;
