import { NEW_USER_TOKENS } from '@amora/shared/constants.ts';
import { affiliatePlatforms, type Language, type TrafficSource } from '@amora/shared/enums.ts';
import type { UtmBody } from '@amora/shared/platform.ts';
import type { UserUpdateBody } from '@amora/shared/user.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError, isUniqueViolation, notFound, unauthorized } from '../../lib/errors.ts';
import { newId } from '../../lib/tokens.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { UsersRepository } from './users.repository.ts';

export function createUsersService(deps: { db: Db; repo: UsersRepository; ledger: LedgerService }) {
  const { db, repo, ledger } = deps;
  /**
   * SPEC §3 traffic source, first touch: a source already stored (an affiliate platform, an
   * invite, Telegram) is kept. An affiliate platform also fills `affiliate_platform`.
   */
  async function setTrafficSource(id: string, source: TrafficSource): Promise<void> {
    const user = await repo.findById(db, id);
    if (!user) throw notFound('user.notFound');
    const platform = (affiliatePlatforms as readonly string[]).includes(source) ? source : null;
    await repo.update(db, id, {
      ...(user.source ? {} : { source }),
      ...(platform && !user.affiliatePlatform ? { affiliatePlatform: platform } : {}),
    });
  }
  /** Work other modules do when an account is deleted (cancel subscriptions, revoke sessions). */
  const deactivateListeners: ((userId: string) => Promise<void>)[] = [];
  /** Work after the deletion has committed (open checkouts are cancelled: decision 035). */
  const deactivatedListeners: ((userId: string) => Promise<void>)[] = [];
  /** Told after a ban is set or lifted (sessions drop sockets and refuse writes). */
  const banListeners: ((userId: string, reason: string | null) => void)[] = [];
  /** Told after the chat language changed (the chats module switches every chat to it). */
  const chatLanguageListeners: ((userId: string, language: Language) => Promise<void>)[] = [];

  return {
    async getById(id: string): Promise<UserRow> {
      const user = await repo.findById(db, id);
      if (!user) throw unauthorized('auth.sessionEnded');
      return user;
    },
    async findById(id: string): Promise<UserRow | null> {
      return repo.findById(db, id);
    },
    /**
     * Whether the account is still active, holding its row until the caller's transaction ends, so
     * a deletion cannot commit between this check and what the caller does next (a credit).
     */
    async lockActiveIn(tx: DbOrTx, id: string): Promise<boolean> {
      const row = await repo.lockAny(tx, id);
      return row !== null && row.deletedAt === null;
    },
    async findByEmail(email: string): Promise<UserRow | null> {
      return repo.findByEmail(db, email);
    },
    async findByTelegramId(telegramId: string): Promise<UserRow | null> {
      return repo.findByTelegramId(db, telegramId);
    },
    /**
     * Creates a user with status New and credits the welcome tokens through the ledger, in one
     * transaction. Answers EMAIL_TAKEN for a registered email.
     */
    async create(input: {
      email: string;
      passwordHash: string | null;
      language?: Language;
      role?: 'admin' | 'partner' | 'user';
      telegramId?: string;
      name?: string | null;
      source?: string;
      /** The address is proven already (a sign-in provider vouched for it). */
      emailVerifiedAt?: Date;
      tx?: DbOrTx;
    }): Promise<UserRow> {
      const run = async (tx: DbOrTx) => {
        const id = newId();
        await repo.insert(tx, {
          id,
          email: input.email,
          passwordHash: input.passwordHash,
          language: input.language ?? 'en',
          languageForChats: input.language ?? 'en',
          role: input.role ?? 'user',
          ...(input.telegramId ? { telegramId: input.telegramId } : {}),
          ...(input.name ? { name: input.name } : {}),
          ...(input.source ? { source: input.source } : {}),
          ...(input.emailVerifiedAt ? { emailVerifiedAt: input.emailVerifiedAt } : {}),
        });
        await ledger.applyIn(tx, {
          userId: id,
          delta: NEW_USER_TOKENS,
          reason: 'signup_bonus',
          reference: null,
          idempotencyKey: `signup:${id}`,
        });
        return (await repo.findById(tx, id))!;
      };
      try {
        return input.tx ? await run(input.tx) : await db.transaction(run);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', 'user.emailTaken');
        throw err;
      }
    },
    async update(id: string, patch: UserUpdateBody): Promise<UserRow> {
      const row = await repo.update(db, id, patch);
      if (!row) throw notFound('user.notFound');
      return row;
    },
    /** After a successful payment: status Paid (clears the registration-paywall flags), inside the payer's transaction. */
    async markPaidIn(tx: DbOrTx, id: string): Promise<void> {
      await repo.update(tx, id, { status: 'Paid' });
    },
    /** The subscription fields of the user (SPEC §3 User.subscription, access), inside the caller's transaction. */
    async setSubscriptionIn(
      tx: DbOrTx,
      id: string,
      patch: {
        status?: 'active' | 'inactive' | 'cancelled' | 'expired';
        endDate?: Date | null;
        access?: 'NEW' | 'AVAILABLE' | 'CANCELLED' | 'NO_REBIL';
      },
    ): Promise<void> {
      await repo.update(tx, id, {
        ...(patch.status ? { subscriptionStatus: patch.status } : {}),
        ...(patch.endDate !== undefined ? { subscriptionEnd: patch.endDate } : {}),
        ...(patch.access ? { access: patch.access } : {}),
      });
    },
    /** Sets (a reason) or lifts (null) a ban; answers 404 for an unknown account. */
    async setBan(id: string, reason: string | null): Promise<UserRow> {
      const row = await repo.update(db, id, { banned: reason !== null, bannedReason: reason });
      if (!row) throw notFound('user.notFound');
      for (const listener of banListeners) listener(id, reason);
      return row;
    },
    onBanChange(listener: (userId: string, reason: string | null) => void): void {
      banListeners.push(listener);
    },
    /** Ends every session of the user at once (access tokens carry the version); the new version. */
    async bumpSessionVersion(id: string): Promise<number | null> {
      return repo.bumpSessionVersion(db, id);
    },
    /** The geo price tier (SPEC §3 User.geo) resolved from the IP. */
    async setGeo(id: string, geo: { country: string | null; tier: number }): Promise<UserRow> {
      const row = await repo.update(db, id, { geoCountry: geo.country, geoTier: geo.tier });
      if (!row) throw notFound('user.notFound');
      return row;
    },
    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await repo.update(db, id, { passwordHash });
    },
    async setRole(id: string, role: 'admin' | 'partner' | 'user'): Promise<void> {
      await repo.update(db, id, { role });
    },
    async setLanguage(id: string, language: Language): Promise<UserRow> {
      const row = await repo.update(db, id, { language });
      if (!row) throw notFound('user.notFound');
      return row;
    },
    setTrafficSource,
    /**
     * Keeps the campaign parameters the visitor arrived with; an empty value keeps what is stored.
     * An affiliate platform's `utm_source` (aray, keitaro) or an explicit `source` is the traffic source.
     */
    async setUtm(id: string, body: UtmBody): Promise<UserRow> {
      const clean = (v: string | null | undefined) => (v ? v : undefined);
      const named = body.utmSource?.trim().toLowerCase();
      const source =
        body.source ??
        ((affiliatePlatforms as readonly string[]).find((p) => p === named) as TrafficSource | undefined);
      if (source) await setTrafficSource(id, source);
      const row = await repo.update(db, id, {
        utmSource: clean(body.utmSource),
        utmMedium: clean(body.utmMedium),
        utmCampaign: clean(body.utmCampaign),
        utmTerm: clean(body.utmTerm),
        utmContent: clean(body.utmContent),
        utmRetarget: clean(body.utmRetarget),
        priceDiff: clean(body.priceDiff),
        isExpat: body.isExpat ? body.isExpat === 'true' : undefined,
      });
      if (!row) throw notFound('user.notFound');
      return row;
    },
    onDeactivate(listener: (userId: string) => Promise<void>): void {
      deactivateListeners.push(listener);
    },
    /** After an account deletion has committed. */
    onDeactivated(listener: (userId: string) => Promise<void>): void {
      deactivatedListeners.push(listener);
    },
    /**
     * Deletes an account: other modules cancel what they hold (subscriptions, sessions), every
     * token is removed through the ledger, and the row is deactivated (its email freed for a new
     * sign-up). Idempotent: a second call finds no active user and answers 401.
     */
    async deactivate(id: string): Promise<void> {
      const user = await repo.findById(db, id);
      if (!user) throw unauthorized('auth.sessionEnded');
      for (const listener of deactivateListeners) await listener(id);
      await db.transaction(async (tx) => {
        const current = await repo.findById(tx, id);
        if (!current) return;
        if (current.tokens > 0) {
          await ledger.applyIn(tx, {
            userId: id,
            delta: -current.tokens,
            reason: 'account_deleted',
            reference: null,
            idempotencyKey: `account_deleted:${id}`,
          });
        }
        await repo.update(tx, id, {
          deletedAt: new Date(),
          email: `${current.email}#deleted:${id}`,
          telegramId: null,
          subscriptionStatus:
            current.subscriptionStatus === 'active' ? 'cancelled' : current.subscriptionStatus,
        });
      });
      for (const listener of deactivatedListeners) await listener(id);
    },
    async setLanguageForChats(id: string, language: Language): Promise<UserRow> {
      const row = await repo.update(db, id, { languageForChats: language });
      if (!row) throw notFound('user.notFound');
      for (const listener of chatLanguageListeners) await listener(id, language);
      return row;
    },
    onChatLanguage(listener: (userId: string, language: Language) => Promise<void>): void {
      chatLanguageListeners.push(listener);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
