import { PASSWORD_RESET_TTL_MS, REFRESH_COOKIE_MAX_AGE_MS } from '@amora/shared/constants.ts';
import { Language } from '@amora/shared/enums.ts';
import { createHmac } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { hashToken, newId, randomToken } from '../../lib/tokens.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { Jwt } from './jwt.ts';
import { assertAcceptablePassword } from './password-policy.ts';
import type { SessionInfo, SessionState } from './session-state.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';

/** A one-time login code for `/set-tokens` lives this long (decision 038). */
export const LOGIN_CODE_TTL_MS = 2 * 60_000;

/** A verified access token: whose it is and the account's ban state (from the session cache). */
export type Authenticated = { userId: string; banned: boolean; bannedReason: string | null };

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
  sessions: SessionState;
  throttle: SignInThrottle;
  /** Derives a used refresh token's one successor (racers within the grace get the same one). */
  secret: string;
  /** Link tokens appear in logs only in development and test. */
  logLinks?: boolean;
}) {
  const { db, repo, users, jwt, sessions, throttle } = deps;
  const successorOf = (refreshId: string) =>
    createHmac('sha256', deps.secret).update(`refresh-successor:${refreshId}`).digest('base64url');

  /** The session info of a live account, or 401 (deleted, unknown). */
  async function liveSession(userId: string): Promise<SessionInfo> {
    const info = await sessions.get(userId);
    if (!info) throw unauthorized('auth.sessionEnded');
    return info;
  }
  async function accessTokenFor(userId: string): Promise<string> {
    return jwt.sign(userId, (await liveSession(userId)).version);
  }
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
    return { accessToken: await accessTokenFor(user.id), refreshToken: await issueRefresh(user.id), user };
  }

  /** The used token's successor, the same for every racer: derived, stored once. */
  async function successor(row: { id: string; userId: string; familyId: string }): Promise<string> {
    const token = successorOf(row.id);
    await repo.insertRefreshOnce(db, {
      id: newId(),
      userId: row.userId,
      familyId: row.familyId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + REFRESH_COOKIE_MAX_AGE_MS),
    });
    return token;
  }

  /** Bumps the session version: every access token issued before stops, every socket drops. */
  async function endAllSessions(userId: string): Promise<void> {
    await users.bumpSessionVersion(userId);
    sessions.changed({ userId, kind: 'version' });
  }

  const signedUpListeners: ((user: UserRow) => Promise<void>)[] = [];
  const signedInListeners: ((user: UserRow) => Promise<void>)[] = [];

  return {
    hashPassword: (password: string) => hash(password, ARGON),
    /** Whether `password` is the account's current one (false for an account without a password). */
    async checkPassword(user: UserRow, password: string): Promise<boolean> {
      return user.passwordHash ? verify(user.passwordHash, password).catch(() => false) : false;
    },
    /** After a password sign-in (a paused account is reactivated, issue 14). */
    onSignedIn(listener: (user: UserRow) => Promise<void>): void {
      signedInListeners.push(listener);
    },
    /** After an email sign-up (the verification email, issue 14). */
    onSignedUp(listener: (user: UserRow) => Promise<void>): void {
      signedUpListeners.push(listener);
    },
    /**
     * A new password for a signed-in owner who proved the current one: every other session ends
     * (refresh tokens, access tokens through the session version, sockets); this one goes on.
     */
    async changePassword(user: UserRow, current: string, next: string): Promise<Session> {
      if (!user.passwordHash) throw new AppError('FORBIDDEN', 'account.noPassword');
      if (!(await verify(user.passwordHash, current).catch(() => false)))
        throw new AppError('FORBIDDEN', 'account.wrongPassword');
      assertAcceptablePassword(next, user.email);
      await users.setPasswordHash(user.id, await hash(next, ARGON));
      await repo.revokeAllForUser(db, user.id);
      await endAllSessions(user.id);
      return startSession(user);
    },

    async signUp(input: {
      email: string;
      password: string;
      language?: string | undefined;
    }): Promise<Session> {
      const language = Language.safeParse(input.language);
      assertAcceptablePassword(input.password, input.email);
      const user = await users.create({
        email: input.email,
        passwordHash: await hash(input.password, ARGON),
        ...(language.success ? { language: language.data } : {}),
      });
      for (const listener of signedUpListeners) await listener(user);
      return startSession(user);
    },

    /**
     * Signs in. Wrong passwords for one account slow its sign-in down (per account, across nodes);
     * `deviceCookie` is the browser's proof of an earlier sign-in there, with its own allowance.
     * Answers the session and a fresh device cookie.
     */
    async signIn(
      input: { email: string; password: string },
      deviceCookie?: string,
    ): Promise<Session & { deviceCookie: string }> {
      const device = throttle.deviceOf(input.email, deviceCookie);
      const wait = await throttle.retryAfterMs(input.email, device);
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        const err = new AppError('RATE_LIMITED', 'security.tooManyAttempts', { seconds });
        err.retryAfterSeconds = seconds;
        throw err;
      }
      const user = await users.findByEmail(input.email);
      const ok = user?.passwordHash
        ? await verify(user.passwordHash, input.password).catch(() => false)
        : await verify(await dummyHash, input.password).then(() => false);
      if (!user || !ok) {
        await throttle.failed(input.email, device);
        throw new AppError('INVALID_CREDENTIALS', 'auth.wrongCredentials');
      }
      await throttle.succeeded(input.email, device);
      for (const listener of signedInListeners) await listener(user);
      return { ...(await startSession(user)), deviceCookie: throttle.deviceCookieFor(input.email) };
    },

    /** Rotates a refresh token. A reused one revokes its whole family (token theft). */
    async refresh(token: string | undefined): Promise<{ accessToken: string; refreshToken: string }> {
      if (!token) throw unauthorized('auth.noSession');
      const row = await repo.findRefreshByHash(db, hashToken(token));
      if (!row) throw unauthorized('auth.sessionNotFound');
      const now = Date.now();
      if (row.revokedAt) throw unauthorized('auth.sessionRevoked');
      if (row.expiresAt.getTime() <= now) throw unauthorized('auth.sessionExpiredShort');
      const info = await sessions.get(row.userId);
      if (!info) throw unauthorized('auth.sessionNotFound');
      if (row.usedAt || !(await repo.markUsed(db, row.id))) {
        const usedAt = row.usedAt?.getTime() ?? now;
        if (now - usedAt <= deps.reuseGraceMs) {
          // Another tab refreshed at the same moment, or a page was unloaded before it could store
          // the rotated cookie: not theft. Every racer gets the same successor (derived from the
          // used token), so the family stays one line and whichever response a browser kept works.
          return {
            accessToken: await jwt.sign(row.userId, info.version),
            refreshToken: await successor(row),
          };
        }
        await repo.revokeFamily(db, row.familyId);
        throw unauthorized('auth.sessionReused');
      }
      return { accessToken: await jwt.sign(row.userId, info.version), refreshToken: await successor(row) };
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
        // The link is a credential: only development and test logs may show it (decision 036).
        logBody: deps.logLinks ?? false,
        to: user.email,
        kind: 'password_reset',
        subject: 'Reset your Amora password',
        body: `Someone asked to reset the password of your Amora account.\n\nOpen this link within an hour to choose a new password:\n${link}\n\nIf it was not you, ignore this email.`,
      });
    },

    /**
     * Sets a new password with a reset link: that link and every other outstanding one die, and
     * every session ends (refresh tokens, access tokens through the session version, sockets).
     */
    async resetPassword(input: { token: string; password: string }): Promise<Session> {
      const tokenHash = hashToken(input.token);
      const found = await repo.findReset(db, tokenHash, new Date());
      const owner = found ? await users.findById(found.userId) : null;
      if (!owner) throw new AppError('VALIDATION_ERROR', 'auth.resetLinkInvalid');
      assertAcceptablePassword(input.password, owner.email);
      const passwordHash = await hash(input.password, ARGON);
      const used = await repo.consumeReset(db, tokenHash, new Date());
      if (!used) throw new AppError('VALIDATION_ERROR', 'auth.resetLinkInvalid');
      await users.setPasswordHash(owner.id, passwordHash);
      await repo.revokeAllForUser(db, owner.id);
      await endAllSessions(owner.id);
      await throttle.clear(owner.email);
      return startSession(owner);
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

    /**
     * A valid access token of a live session: signed, unexpired, of an account that exists, with
     * the account's current session version (the check costs no query: the session cache).
     */
    async authenticate(token: string): Promise<Authenticated | null> {
      const claims = await jwt.verify(token);
      if (!claims) return null;
      const info = await sessions.get(claims.userId);
      if (!info || info.version !== claims.sessionVersion) return null;
      return { userId: claims.userId, banned: info.banned, bannedReason: info.bannedReason };
    },

    /** A one-time login code for `/set-tokens` (two minutes, once). */
    async issueLoginCode(userId: string): Promise<string> {
      const code = randomToken();
      await repo.insertLoginCode(db, {
        id: newId(),
        userId,
        codeHash: hashToken(code),
        expiresAt: new Date(Date.now() + LOGIN_CODE_TTL_MS),
      });
      return code;
    },
    /** Whose account a login code opens (nothing is used up): for the page to name it. */
    async previewLoginCode(code: string): Promise<UserRow> {
      const found = await repo.findLoginCode(db, hashToken(code), new Date());
      const user = found ? await users.findById(found.userId) : null;
      if (!user) throw new AppError('VALIDATION_ERROR', 'security.loginCodeInvalid');
      return user;
    },
    /** Exchanges a login code, once, for a new session. */
    async redeemLoginCode(code: string): Promise<Session> {
      const used = await repo.consumeLoginCode(db, hashToken(code), new Date());
      const user = used ? await users.findById(used.userId) : null;
      if (!user) throw new AppError('VALIDATION_ERROR', 'security.loginCodeInvalid');
      return startSession(user);
    },

    /**
     * Signs in a user proven by a sign-in provider (decision 110): the same as a password sign-in
     * (a paused account is reactivated; a banned one signs in and sees why, decision 013).
     */
    async signInProven(user: UserRow): Promise<Session> {
      for (const listener of signedInListeners) await listener(user);
      return startSession(user);
    },

    /** A session for a user proven by another channel (the Telegram mini app). */
    async startSessionFor(user: UserRow): Promise<Session> {
      return startSession(user);
    },

    /** Signs the user out on every device (account deletion): tokens, access tokens, sockets. */
    async revokeAllSessions(userId: string): Promise<void> {
      await repo.revokeAllForUser(db, userId);
      await endAllSessions(userId);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
