import { z } from 'zod';
import { email, password } from './auth.ts';
import { PASSWORD_MAX_LENGTH } from './constants.ts';
import { userText } from './text-schema.ts';

/** How long a verification or email-change link works. */
export const ACCOUNT_LINK_TTL_MS = 48 * 60 * 60_000;
/** A new verification link at most this often per account. */
export const VERIFY_RESEND_INTERVAL_MS = 60_000;

/** What an account whose address is not confirmed may do; set by the operator (console). */
export const UnverifiedPolicy = z
  .object({
    /** Chat with characters (the support chat is always open). */
    canChat: z.boolean(),
    /** Buy: token packs, subscriptions, album-style purchases. */
    canBuy: z.boolean(),
  })
  .strict()
  .meta({ id: 'UnverifiedPolicy' });
export type UnverifiedPolicy = z.infer<typeof UnverifiedPolicy>;

/** The seller's details printed on every receipt (SPEC §3 "Subscription (user view)"). */
export const ReceiptIssuer = z
  .object({
    companyName: z.string().trim().max(200),
    registrationNumber: z.string().trim().max(100),
    billingDescriptor: z.string().trim().max(100),
    address: z.string().trim().max(500),
  })
  .strict()
  .meta({ id: 'ReceiptIssuer' });
export type ReceiptIssuer = z.infer<typeof ReceiptIssuer>;

export const AccountSettings = z
  .object({ unverified: UnverifiedPolicy, receipt: ReceiptIssuer })
  .meta({ id: 'AccountSettings' });
export type AccountSettings = z.infer<typeof AccountSettings>;
export const AccountSettingsUpdate = z
  .object({ unverified: UnverifiedPolicy.optional(), receipt: ReceiptIssuer.optional() })
  .strict();

export const VerifyEmailBody = z.object({ token: z.string().min(16).max(200) }).strict();
export const ChangePasswordBody = z
  .object({ currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH), newPassword: password })
  .strict();
export const ChangeEmailBody = z
  .object({ newEmail: email, currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH) })
  .strict();

export const AccountStatus = z
  .object({
    email: z.string(),
    emailVerified: z.boolean(),
    /** A change of address waiting for its link, if any. */
    pendingEmail: z.string().nullable(),
    policy: UnverifiedPolicy,
  })
  .meta({ id: 'AccountStatus' });
export type AccountStatus = z.infer<typeof AccountStatus>;

export const legalDocs = ['terms', 'privacy'] as const;
export const LegalDoc = z.enum(legalDocs);
export type LegalDoc = z.infer<typeof LegalDoc>;
export const LegalText = z
  .object({ doc: LegalDoc, language: z.enum(['en', 'ru']), markdown: z.string(), custom: z.boolean() })
  .meta({ id: 'LegalText' });
export type LegalText = z.infer<typeof LegalText>;
export const LegalUpdateBody = z
  .object({ language: z.enum(['en', 'ru']), markdown: z.string().max(100_000).nullable() })
  .strict();

export const reportReasons = [
  'harassment',
  'sexual_minor',
  'hate',
  'self_harm',
  'spam',
  'illegal',
  'other',
] as const;
export const ReportReason = z.enum(reportReasons);
export type ReportReason = z.infer<typeof ReportReason>;
export const ReportBody = z
  .object({
    targetType: z.enum(['message', 'bot']),
    targetId: z.string().min(1).max(64),
    reason: ReportReason,
    text: userText().max(1000).default(''),
  })
  .strict();
export type ReportBody = z.infer<typeof ReportBody>;
export const reportStatuses = ['open', 'reviewed', 'dismissed'] as const;
export const ReportStatus = z.enum(reportStatuses);
export type ReportStatus = z.infer<typeof ReportStatus>;
export const Report = z
  .object({
    _id: z.string(),
    userId: z.string(),
    userEmail: z.string(),
    targetType: z.enum(['message', 'bot']),
    targetId: z.string(),
    chatId: z.string().nullable(),
    reason: z.string(),
    text: z.string(),
    excerpt: z.string(),
    status: ReportStatus,
    createdAt: z.string(),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof Report>;

export const OutboxMail = z
  .object({
    _id: z.string(),
    to: z.string(),
    subject: z.string(),
    body: z.string(),
    kind: z.string(),
    links: z.array(z.string()),
    sentAt: z.string().nullable(),
    error: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'OutboxMail' });
export type OutboxMail = z.infer<typeof OutboxMail>;

export const Receipt = z
  .object({
    _id: z.string(),
    number: z.string(),
    date: z.string(),
    status: z.string(),
    type: z.enum(['purchase', 'subscription']),
    description: z.string(),
    tokens: z.number().int(),
    /** Minor units of `currency`. */
    amount: z.number().int(),
    currency: z.string(),
    provider: z.string(),
    cardLast4: z.string().nullable(),
    customerEmail: z.string(),
    issuer: ReceiptIssuer,
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof Receipt>;
