import { PASSWORD_RESET_TTL_MS, REFRESH_COOKIE_MAX_AGE_MS } from '@amora/shared/constants.ts';
import { Language } from '@amora/shared/enums.ts';
import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { hashToken, newId, randomToken } from '../../lib/tokens.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { Jwt } from './jwt.ts';

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes). */
const ARGON = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export type Session = { accessToken: string; refreshToken: string; user: UserRow };

export function createAuthService(deps: {
  db: Db;
  repo: AuthRepository;
  users: UsersService;
  jwt: Jwt;
  mail: MailService;
  publicUrl: string;
  /** A refresh token used again within this window (another tab racing) is not treated as theft. */
  reuseGraceMs: number;
}) {
  const { db, repo, users, jwt } = deps;
  // Verified against when the email is unknown, so sign-in takes as long either way.
  const dummyHash = hash('not-a-real-password-but-a-timing-equaliser', ARGON);

  async function issueRefresh(userId: string, familyId: string = newId()): Promise<string> {
    const token = randomToken();
    await repo.insertRefresh(db, {
      id: newId(),
      userId,
      familyId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + REFRESH_COOKIE_MAX_AGE_MS),
    });
    return token;
  }

  async function startSession(user: UserRow): Promise<Session> {
    return { accessToken: await jwt.sign(user.id), refreshToken: await issueRefresh(user.id), user };
  }

  return {
    hashPassword: (password: string) => hash(password, ARGON),

    async signUp(input: {
      email: string;
      password: string;
      language?: string | undefined;
    }): Promise<Session> {
      const language = Language.safeParse(input.language);
      const user = await users.create({
        email: input.email,
        passwordHash: await hash(input.password, ARGON),
        ...(language.success ? { language: language.data } : {}),
      });
      return startSession(user);
    },

    async signIn(input: { email: string; password: string }): Promise<Session> {
      const user = await users.findByEmail(input.email);
      const ok = user?.passwordHash
        ? await verify(user.passwordHash, input.password).catch(() => false)
        : await verify(await dummyHash, input.password).then(() => false);
      if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 'auth.wrongCredentials');
      return startSession(user);
    },

    /** Rotates a refresh token. A reused one revokes its whole family (token theft). */
    async refresh(token: string | undefined): Promise<{ accessToken: string; refreshToken: string }> {
      if (!token) throw unauthorized('auth.noSession');
      const row = await repo.findRefreshByHash(db, hashToken(token));
      if (!row) throw unauthorized('auth.sessionNotFound');
      const now = Date.now();
      if (row.revokedAt) throw unauthorized('auth.sessionRevoked');
      if (row.expiresAt.getTime() <= now) throw unauthorized('auth.sessionExpiredShort');
      const user = await users.findById(row.userId);
      if (!user) throw unauthorized('auth.sessionNotFound');
      if (row.usedAt || !(await repo.markUsed(db, row.id))) {
        const usedAt = row.usedAt?.getTime() ?? now;
        if (now - usedAt <= deps.reuseGraceMs) {
          // Another tab refreshed at the same moment, or a page was unloaded before it could store
          // the rotated cookie: not theft. Continue the family with a fresh token so this browser
          // ends up with a cookie that works, whichever response it kept.
          return {
            accessToken: await jwt.sign(user.id),
            refreshToken: await issueRefresh(user.id, row.familyId),
          };
        }
        await repo.revokeFamily(db, row.familyId);
        throw unauthorized('auth.sessionReused');
      }
      return {
        accessToken: await jwt.sign(user.id),
        refreshToken: await issueRefresh(user.id, row.familyId),
      };
    },

    async logout(token: string | undefined): Promise<void> {
      if (!token) return;
      const row = await repo.findRefreshByHash(db, hashToken(token));
      if (row) await repo.revokeFamily(db, row.familyId);
    },

    /** Sends a reset link when the account exists; says nothing either way. */
    async requestRecovery(email: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user) return;
      const token = randomToken();
      await repo.insertReset(db, {
        id: newId(),
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
      });
      const link = `${deps.publicUrl}/auth/recovery?token=${encodeURIComponent(token)}`;
      await deps.mail.send({
        to: user.email,
        kind: 'password_reset',
        subject: 'Reset your Amora password',
        body: `Someone asked to reset the password of your Amora account.\n\nOpen this link within an hour to choose a new password:\n${link}\n\nIf it was not you, ignore this email.`,
      });
    },

    async resetPassword(input: { token: string; password: string }): Promise<Session> {
      const used = await repo.consumeReset(db, hashToken(input.token), new Date());
      if (!used) throw new AppError('VALIDATION_ERROR', 'auth.resetLinkInvalid');
      const user = await users.findById(used.userId);
      if (!user) throw new AppError('VALIDATION_ERROR', 'auth.resetLinkInvalid');
      await users.setPasswordHash(user.id, await hash(input.password, ARGON));
      await repo.revokeAllForUser(db, user.id);
      return startSession(user);
    },

    /** ADMIN_EMAIL/ADMIN_PASSWORD: create the admin, or make the existing account an admin. */
    async ensureAdmin(email: string, password: string): Promise<void> {
      const normalized = email.trim().toLowerCase();
      const existing = await users.findByEmail(normalized);
      const passwordHash = await hash(password, ARGON);
      if (existing) {
        await users.setRole(existing.id, 'admin');
        await users.setPasswordHash(existing.id, passwordHash);
        return;
      }
      try {
        await users.create({ email: normalized, passwordHash, role: 'admin' });
      } catch (err) {
        // Another node created it at the same moment.
        if (!(err instanceof AppError && err.code === 'EMAIL_TAKEN')) throw err;
      }
    },

    verifyAccessToken: (token: string) => jwt.verify(token),

    /** A session for a user proven by another channel (the Telegram mini app). */
    async startSessionFor(user: UserRow): Promise<Session> {
      return startSession(user);
    },

    /** Signs the user out on every device (account deletion). */
    async revokeAllSessions(userId: string): Promise<void> {
      await repo.revokeAllForUser(db, userId);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
