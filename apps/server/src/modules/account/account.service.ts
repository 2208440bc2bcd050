import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ACCOUNT_LINK_TTL_MS,
  AccountSettings,
  ReceiptIssuer,
  UnverifiedPolicy,
  VERIFY_RESEND_INTERVAL_MS,
  type LegalDoc,
  type LegalText,
  type Receipt,
  type ReportBody,
  type ReportStatus,
} from '@amora/shared/account.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { createEntityCache } from '../../lib/entity-cache.ts';
import { serverRoot } from '../../lib/paths.ts';
import type { SharedState } from '../../lib/shared-state.ts';
import { hashToken, newId, randomToken } from '../../lib/tokens.ts';
import type { AuthService, Session } from '../auth/auth.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { isEmailVerified } from '../users/users.mapper.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AccountRepository } from './account.repository.ts';

const SETTINGS_KEY = 'account';
const LEGAL_KEY = 'legal';
type Lang = 'en' | 'ru';
type LegalOverrides = Partial<Record<LegalDoc, Partial<Record<Lang, string>>>>;

/** An account with an address still to prove (email sign-ups; Telegram ones have none). */
const needsVerification = (u: UserRow): boolean => !isEmailVerified(u);

const defaultLegal = new Map<string, string>();
function defaultLegalText(doc: LegalDoc, language: Lang): string {
  const key = `${doc}.${language}`;
  let text = defaultLegal.get(key);
  if (text === undefined) {
    text = readFileSync(join(serverRoot(), 'content', 'legal', `${key}.md`), 'utf8');
    defaultLegal.set(key, text);
  }
  return text;
}

/** Links in a mail body (the operator's outbox view shows them as links). */
export const linksIn = (body: string): string[] => body.match(/https?:\/\/\S+/g) ?? [];

export function createAccountService(deps: {
  db: Db;
  repo: AccountRepository;
  users: UsersService;
  auth: AuthService;
  mail: MailService;
  publicUrl: string;
  /** The console's policy before the operator set one (UNVERIFIED_CAN_CHAT / UNVERIFIED_CAN_BUY). */
  defaultPolicy: UnverifiedPolicy;
  logLinks: boolean;
  /** The bus the settings cache's invalidations travel on. */
  shared: SharedState;
}) {
  const { db, repo, users, auth, mail } = deps;

  async function liveUser(userId: string): Promise<UserRow> {
    const user = await users.findById(userId);
    if (!user || user.deletedAt) throw notFound();
    return user;
  }

  /**
   * The operator's account settings, read on every chat send by the verification guard: cached
   * per node, dropped on every node when they are saved (decision 120).
   */
  const settingsCache = createEntityCache<AccountSettings>({
    name: 'account-settings',
    shared: deps.shared,
    load: () => readSettings(),
  });
  const settings = () => settingsCache.get(SETTINGS_KEY);

  async function readSettings(): Promise<AccountSettings> {
    const stored = (await repo.readSetting(db, SETTINGS_KEY)) as Partial<AccountSettings> | undefined;
    return {
      unverified: UnverifiedPolicy.catch(deps.defaultPolicy).parse(stored?.unverified ?? deps.defaultPolicy),
      receipt: ReceiptIssuer.catch({
        companyName: '',
        registrationNumber: '',
        billingDescriptor: '',
        address: '',
      }).parse(stored?.receipt ?? {}),
    };
  }

  async function sendLink(user: UserRow, kind: 'verify' | 'email_change', address: string): Promise<void> {
    const token = randomToken();
    await repo.insertToken(db, {
      id: newId(),
      userId: user.id,
      kind,
      email: address,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ACCOUNT_LINK_TTL_MS),
    });
    const ru = user.language === 'ru';
    const link = `${deps.publicUrl}/account/verify?token=${encodeURIComponent(token)}${
      kind === 'email_change' ? '&change=1' : ''
    }`;
    await mail.send({
      logBody: deps.logLinks,
      to: address,
      kind: kind === 'verify' ? 'email_verification' : 'email_change',
      subject:
        kind === 'verify'
          ? ru
            ? 'Подтвердите адрес почты для Amora'
            : 'Confirm your email address for Amora'
          : ru
            ? 'Подтвердите новый адрес почты для Amora'
            : 'Confirm your new email address for Amora',
      body: ru
        ? `Откройте ссылку в течение 48 часов, чтобы подтвердить адрес ${address}:\n${link}\n\nЕсли это были не вы, просто проигнорируйте письмо.`
        : `Open this link within 48 hours to confirm ${address}:\n${link}\n\nIf it was not you, ignore this email.`,
    });
  }

  async function assertResendAllowed(userId: string, kind: 'verify' | 'email_change'): Promise<void> {
    const last = await repo.lastTokenAt(db, userId, kind);
    const wait = last ? last.getTime() + VERIFY_RESEND_INTERVAL_MS - Date.now() : 0;
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      const err = new AppError('RATE_LIMITED', 'account.resendTooSoon', { seconds });
      err.retryAfterSeconds = seconds;
      throw err;
    }
  }

  async function legal(doc: LegalDoc, language: Lang): Promise<LegalText> {
    const overrides = ((await repo.readSetting(db, LEGAL_KEY)) ?? {}) as LegalOverrides;
    const custom = overrides[doc]?.[language];
    return typeof custom === 'string'
      ? { doc, language, markdown: custom, custom: true }
      : { doc, language, markdown: defaultLegalText(doc, language), custom: false };
  }

  return {
    start: () => settingsCache.start(),
    settings,
    async updateSettings(update: Partial<AccountSettings>): Promise<AccountSettings> {
      const next = AccountSettings.parse({ ...(await settings()), ...update });
      await repo.writeSetting(db, SETTINGS_KEY, next);
      settingsCache.invalidate(SETTINGS_KEY);
      return next;
    },

    /** The first link, right after sign-up. */
    async onSignedUp(user: UserRow): Promise<void> {
      if (needsVerification(user)) await sendLink(user, 'verify', user.email);
    },

    async status(userId: string) {
      const user = await liveUser(userId);
      return {
        email: user.email,
        emailVerified: !needsVerification(user),
        pendingEmail: null as string | null,
        policy: (await settings()).unverified,
      };
    },

    /** Another verification link, at most one a minute. */
    async resendVerification(userId: string): Promise<void> {
      const user = await liveUser(userId);
      if (!needsVerification(user)) throw new AppError('CONFLICT', 'account.alreadyVerified');
      await assertResendAllowed(userId, 'verify');
      await sendLink(user, 'verify', user.email);
    },

    /**
     * Uses a link from an email: a verification link confirms the address it was sent to (while it
     * is still the account's); a change link replaces the address with the proven new one.
     */
    async confirmLink(token: string): Promise<{ kind: 'verify' | 'email_change'; email: string }> {
      const now = new Date();
      const hash = hashToken(token);
      const verify = await repo.consumeToken(db, hash, 'verify', now);
      if (verify) {
        if (!(await repo.markVerified(db, verify.userId, verify.email, now)))
          throw new AppError('VALIDATION_ERROR', 'account.linkInvalid');
        return { kind: 'verify', email: verify.email };
      }
      const change = await repo.consumeToken(db, hash, 'email_change', now);
      if (!change) throw new AppError('VALIDATION_ERROR', 'account.linkInvalid');
      try {
        if (!(await repo.replaceEmail(db, change.userId, change.email, now)))
          throw new AppError('VALIDATION_ERROR', 'account.linkInvalid');
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', 'account.linkInvalid');
        throw err;
      }
      return { kind: 'email_change', email: change.email };
    },

    /** Whether the policy lets this account do `what`; throws EMAIL_NOT_VERIFIED when not. */
    async assertAllowed(userId: string, what: 'buy' | 'chat'): Promise<void> {
      // The (cached) policy first: when it allows this to everyone, the account is not read.
      const policy = (await settings()).unverified;
      if (what === 'buy' ? policy.canBuy : policy.canChat) return;
      const user = await users.findById(userId);
      if (!user || !needsVerification(user)) return;
      throw new AppError('EMAIL_NOT_VERIFIED', 'account.emailNotVerified');
    },

    /** `/deactivate`: pauses the account (data kept) and signs it out everywhere. */
    async deactivate(userId: string): Promise<void> {
      await liveUser(userId);
      await repo.setPaused(db, userId, new Date());
      await auth.revokeAllSessions(userId);
    },
    /** Signing in again reactivates a paused account. */
    async reactivate(user: UserRow): Promise<void> {
      if (user.pausedAt) await repo.setPaused(db, user.id, null);
    },

    async changePassword(userId: string, current: string, next: string): Promise<Session> {
      return auth.changePassword(await liveUser(userId), current, next);
    },

    /** Sends a link to the new address; the address changes only when that link is opened. */
    async requestEmailChange(userId: string, newEmail: string, currentPassword: string): Promise<void> {
      const user = await liveUser(userId);
      if (!user.passwordHash) throw new AppError('FORBIDDEN', 'account.noPassword');
      if (!(await auth.checkPassword(user, currentPassword)))
        throw new AppError('FORBIDDEN', 'account.wrongPassword');
      if (newEmail === user.email) throw new AppError('VALIDATION_ERROR', 'account.sameEmail');
      if (await users.findByEmail(newEmail)) throw new AppError('EMAIL_TAKEN', 'user.emailTaken');
      await assertResendAllowed(userId, 'email_change');
      await sendLink(user, 'email_change', newEmail);
    },

    /** Everything we hold about the account, as one JSON document (GDPR art. 15 and 20). */
    async exportData(userId: string) {
      const user = await liveUser(userId);
      const rows = await repo.exportRows(db, userId);
      return {
        exportedAt: new Date().toISOString(),
        format: 'amora-export/1',
        profile: {
          id: user.id,
          email: user.email,
          emailVerified: !needsVerification(user),
          name: user.name,
          age: user.age,
          sex: user.sex,
          country: user.country,
          language: user.language,
          languageForChats: user.languageForChats,
          tokens: user.tokens,
          status: user.status,
          notifications: user.notifications,
          utm: {
            source: user.utmSource,
            medium: user.utmMedium,
            campaign: user.utmCampaign,
            term: user.utmTerm,
            content: user.utmContent,
          },
          createdAt: user.createdAt.toISOString(),
        },
        ...rows,
      };
    },

    /** Deletes one chat and its messages; the balance and the ledger stay as they are. */
    async deleteChat(userId: string, chatId: string): Promise<void> {
      const chat = await repo.findChat(db, userId, chatId);
      if (!chat) throw notFound();
      if (chat.remoteId === 0) throw new AppError('FORBIDDEN', 'account.supportChat');
      if (chat.locked) throw new AppError('CHAT_LOCKED', 'account.chatLocked');
      if (!(await repo.deleteChat(db, userId, chatId)))
        throw new AppError('CHAT_LOCKED', 'account.chatLocked');
    },

    async receipts(userId: string): Promise<Receipt[]> {
      const user = await liveUser(userId);
      const issuer = (await settings()).receipt;
      const rows = await repo.paymentsOf(db, userId);
      return rows
        .filter((p) => p.status === 'success' || p.status === 'refunded' || p.status === 'chargeback')
        .map((p) => toReceipt(p, user.email, issuer, null));
    },
    async receipt(userId: string, paymentId: string): Promise<Receipt> {
      const user = await liveUser(userId);
      const payment = await repo.findPayment(db, userId, paymentId);
      if (!payment || payment.status === 'pending') throw notFound();
      const sub = payment.subscriptionId ? await repo.subscription(db, payment.subscriptionId) : null;
      return toReceipt(payment, user.email, (await settings()).receipt, sub);
    },

    legal,
    async setLegal(doc: LegalDoc, language: Lang, markdown: string | null): Promise<LegalText> {
      const overrides = ((await repo.readSetting(db, LEGAL_KEY)) ?? {}) as LegalOverrides;
      const forDoc = { ...overrides[doc] };
      if (markdown === null) delete forDoc[language];
      else forDoc[language] = markdown;
      await repo.writeSetting(db, LEGAL_KEY, { ...overrides, [doc]: forDoc });
      return legal(doc, language);
    },

    async report(userId: string, body: ReportBody) {
      let chatId: string | null = null;
      let excerpt = '';
      if (body.targetType === 'message') {
        const message = await repo.findMessageOf(db, userId, body.targetId);
        if (!message) throw notFound();
        chatId = message.chatId;
        excerpt = message.text.slice(0, 500);
      } else {
        const bot = await repo.findBot(db, body.targetId);
        if (!bot) throw notFound();
        excerpt = bot.name;
      }
      const row = await repo.upsertReport(db, {
        id: newId(),
        userId,
        targetType: body.targetType,
        targetId: body.targetId,
        chatId,
        reason: body.reason,
        text: body.text,
        excerpt,
      });
      return { _id: row.id, status: row.status };
    },
    async reports(status: ReportStatus | undefined) {
      const rows = await repo.listReports(db, status, 200);
      return rows.map((r) => ({ ...r, _id: r.id, createdAt: r.createdAt.toISOString() }));
    },
    async setReportStatus(id: string, status: ReportStatus) {
      const row = await repo.setReportStatus(db, id, status);
      if (!row) throw notFound();
      return { _id: row.id, status: row.status };
    },

    async outbox(limit: number) {
      const rows = await repo.recentOutbox(db, limit);
      return rows.map((m) => ({
        _id: m.id,
        to: m.to,
        subject: m.subject,
        body: m.body,
        kind: m.kind,
        links: linksIn(m.body),
        sentAt: m.sentAt?.toISOString() ?? null,
        error: m.error,
        createdAt: m.createdAt.toISOString(),
      }));
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;

type PaymentLike = {
  id: string;
  createdAt: Date;
  status: string;
  type: 'purchase' | 'subscription';
  offerId: string;
  tokens: number;
  amount: number;
  currency: string;
  provider: string;
  cardLast4: string | null;
};

function toReceipt(
  p: PaymentLike,
  customerEmail: string,
  issuer: ReceiptIssuer,
  sub: { registrationNumber: string | null; billingDescriptor: string | null } | null,
): Receipt {
  return {
    _id: p.id,
    number: `R-${p.createdAt.getUTCFullYear()}-${p.id.slice(0, 10).toUpperCase()}`,
    date: p.createdAt.toISOString(),
    status: p.status,
    type: p.type,
    description: p.offerId,
    tokens: p.tokens,
    amount: p.amount,
    currency: p.currency,
    provider: p.provider,
    cardLast4: p.cardLast4,
    customerEmail,
    issuer: {
      ...issuer,
      registrationNumber: issuer.registrationNumber || sub?.registrationNumber || '',
      billingDescriptor: issuer.billingDescriptor || sub?.billingDescriptor || '',
    },
  };
}
