import {
  AccountSettings,
  AccountSettingsUpdate,
  AccountStatus,
  ChangeEmailBody,
  ChangePasswordBody,
  LegalDoc,
  LegalText,
  LegalUpdateBody,
  OutboxMail,
  Receipt,
  Report,
  ReportBody,
  ReportStatus,
  VerifyEmailBody,
} from '@amora/shared/account.ts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import type { Config } from '../../config.ts';
import { requireRole } from '../../plugins/require-role.ts';
import { setRefreshCookie } from '../auth/refresh-cookie.ts';
import type { ChatsService } from '../chats/chats.service.ts';
import type { AccountService } from './account.service.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Buying: packs, plans, a retried renewal, album-style unlocks (issue 14). */
const BUY_PATHS = [
  '/api/payment/purchase',
  '/api/payment/subscribe',
  '/api/payment/subscription/retry',
  '/api/album/unlock',
];
const CHAT_SEND = /^\/api\/chat\/(?:send|command)\/([^/]+)$/;

/**
 * The operator's policy for accounts whose address is not confirmed (decision 095): before any
 * handler of a buying route (and, when the operator says so, of chatting outside support).
 */
export function registerVerificationGuard(
  app: AppInstance,
  account: AccountService,
  chats: Pick<ChatsService, 'isSupportChat'>,
): void {
  app.addHook('preHandler', async (req: FastifyRequest) => {
    if (!WRITES.has(req.method) || !req.authUserId) return;
    const path = req.url.split('?')[0] ?? '';
    if (BUY_PATHS.some((p) => path === p || path.startsWith(`${p}/`))) {
      await account.assertAllowed(req.authUserId, 'buy');
      return;
    }
    if (req.method === 'POST' && path === '/api/chat') {
      await account.assertAllowed(req.authUserId, 'chat');
      return;
    }
    const chatId = CHAT_SEND.exec(path)?.[1];
    if (chatId && !(await chats.isSupportChat(req.authUserId, chatId)))
      await account.assertAllowed(req.authUserId, 'chat');
  });
}

const Accepted = z.object({ ok: z.literal(true) });

export function accountRoutes(app: AppInstance, account: AccountService, config: Config): void {
  const common = { tags: ['account'], security: [{ bearer: [] }] };
  const secure = config.PUBLIC_URL?.startsWith('https://') ?? false;
  const rateLimit = { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute' };

  app.get(
    '/api/account',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary: "The account's address, whether it is confirmed, and what an unconfirmed account may do",
        response: { 200: AccountStatus },
      },
    },
    async (req) => account.status(req.userId()),
  );

  app.post(
    '/api/account/verify-email/resend',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary: 'Send a new verification link (at most one a minute; 429 RATE_LIMITED before that)',
        response: { 202: Accepted },
      },
    },
    async (req, reply) => {
      await account.resendVerification(req.userId());
      return reply.code(202).send({ ok: true });
    },
  );

  app.post(
    '/api/account/verify-email',
    {
      config: { rateLimit },
      schema: {
        tags: ['account'],
        summary: 'Open a link from an email: confirms the address, or replaces it with a confirmed new one',
        body: VerifyEmailBody,
        response: { 200: z.object({ kind: z.enum(['verify', 'email_change']), email: z.string() }) },
      },
    },
    async (req) => account.confirmLink(req.body.token),
  );

  app.post(
    '/api/account/password',
    {
      onRequest: [app.requireAuth],
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Change the password (the current one required); every other session ends',
        body: ChangePasswordBody,
        response: { 200: z.object({ accessToken: z.string() }) },
      },
    },
    async (req, reply) => {
      const session = await account.changePassword(
        req.userId(),
        req.body.currentPassword,
        req.body.newPassword,
      );
      setRefreshCookie(reply, session.refreshToken, secure);
      return { accessToken: session.accessToken };
    },
  );

  app.post(
    '/api/account/email',
    {
      onRequest: [app.requireAuth],
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Change the email: a link goes to the new address, which replaces the old one once opened',
        body: ChangeEmailBody,
        response: { 202: Accepted },
      },
    },
    async (req, reply) => {
      await account.requestEmailChange(req.userId(), req.body.newEmail, req.body.currentPassword);
      return reply.code(202).send({ ok: true });
    },
  );

  app.get(
    '/api/account/export',
    {
      onRequest: [app.requireAuth],
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        ...common,
        summary: 'Download my data (GDPR art. 15 and 20): profile, chats, messages, payments, ledger as JSON',
      },
    },
    async (req, reply) => {
      const data = await account.exportData(req.userId());
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="amora-data-${day}.json"`)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.delete(
    '/api/chat/:id',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        tags: ['chats'],
        summary:
          'Delete one chat and its messages (the balance and the ledger stay); 409 while she is replying',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await account.deleteChat(req.userId(), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/payment/receipts',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        tags: ['payments'],
        summary: "The receipts of the user's completed payments, newest first",
        response: { 200: z.object({ data: z.array(Receipt) }) },
      },
    },
    async (req) => ({ data: await account.receipts(req.userId()) }),
  );

  app.get(
    '/api/payment/receipts/:id',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        tags: ['payments'],
        summary: "One payment's receipt, with the registration number and billing descriptor",
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: z.object({ data: Receipt }) },
      },
    },
    async (req) => ({ data: await account.receipt(req.userId(), req.params.id) }),
  );

  app.get(
    '/api/legal/:doc',
    {
      schema: {
        tags: ['account'],
        summary: 'The Terms of Service or the Privacy Policy as Markdown (the operator may edit them)',
        params: z.object({ doc: LegalDoc }),
        querystring: z.object({ language: z.enum(['en', 'ru']).default('en') }),
        response: { 200: LegalText },
      },
    },
    async (req) => account.legal(req.params.doc, req.query.language),
  );

  app.post(
    '/api/reports',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary: 'Report a message or a character to the operator (reporting again updates the report)',
        body: ReportBody,
        response: { 201: z.object({ _id: z.string(), status: ReportStatus }) },
      },
    },
    async (req, reply) => reply.code(201).send(await account.report(req.userId(), req.body)),
  );

  // The operator's console.
  const admin = [app.requireAuth, requireRole(app, ['admin'])];
  const adminCommon = { tags: ['admin'], security: [{ bearer: [] }] };

  app.get(
    '/api/admin/account-settings',
    {
      onRequest: admin,
      schema: {
        ...adminCommon,
        summary: 'What unconfirmed accounts may do; the seller details on receipts',
        response: { 200: AccountSettings },
      },
    },
    async () => account.settings(),
  );
  app.put(
    '/api/admin/account-settings',
    {
      onRequest: admin,
      schema: {
        ...adminCommon,
        summary: 'Change what unconfirmed accounts may do, or the seller details on receipts',
        body: AccountSettingsUpdate,
        response: { 200: AccountSettings },
      },
    },
    async (req) =>
      account.updateSettings({
        ...(req.body.unverified ? { unverified: req.body.unverified } : {}),
        ...(req.body.receipt ? { receipt: req.body.receipt } : {}),
      }),
  );

  app.get(
    '/api/admin/outbox',
    {
      onRequest: admin,
      schema: {
        ...adminCommon,
        summary: 'Recent emails with their links (the mailbox of an install without SMTP_URL)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.object({ data: z.array(OutboxMail), smtp: z.boolean() }) },
      },
    },
    async (req) => ({ data: await account.outbox(req.query.limit), smtp: Boolean(config.SMTP_URL) }),
  );

  app.get(
    '/api/admin/reports',
    {
      onRequest: admin,
      schema: {
        ...adminCommon,
        summary: 'Reports of messages and characters, newest first',
        querystring: z.object({ status: ReportStatus.optional() }),
        response: { 200: z.object({ data: z.array(Report) }) },
      },
    },
    async (req) => ({ data: await account.reports(req.query.status) }),
  );
  app.patch(
    '/api/admin/reports/:id',
    {
      onRequest: admin,
      schema: {
        ...adminCommon,
        summary: "Set a report's status (open, reviewed, dismissed)",
        params: z.object({ id: z.string().min(1).max(64) }),
        body: z.object({ status: ReportStatus }).strict(),
        response: { 200: z.object({ _id: z.string(), status: ReportStatus }) },
      },
    },
    async (req) => account.setReportStatus(req.params.id, req.body.status),
  );

  app.put(
    '/api/admin/legal/:doc',
    {
      onRequest: admin,
      schema: {
        ...adminCommon,
        summary: 'Replace the Terms or Privacy text in one language (Markdown); null restores the default',
        params: z.object({ doc: LegalDoc }),
        body: LegalUpdateBody,
        response: { 200: LegalText },
      },
    },
    async (req) => account.setLegal(req.params.doc, req.body.language, req.body.markdown),
  );
}
