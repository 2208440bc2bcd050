import type { AppInstance } from '../../app-types.ts';
import type { Core } from '../../core.ts';
import type { IdentityPort } from '../../lib/identity.ts';
import { userRoom } from '../../lib/realtime.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createAuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService, type AuthService } from './auth.service.ts';
import { createJwt } from './jwt.ts';
import { createSessionState } from './session-state.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';

/**
 * Sign-in, sessions and recovery. Session versions and bans are shared across nodes (decision
 * 036); each node drops its own sockets when a session ends. It provides the identity port the
 * HTTP and socket plugins authenticate with.
 */
export async function registerAuthModule(
  app: AppInstance,
  deps: {
    core: Pick<Core, 'db' | 'config' | 'secrets' | 'shared' | 'io' | 'background' | 'publicUrl'>;
    users: UsersService;
    mail: MailService;
    identity: IdentityPort;
    /** A refresh token reused within this window is a racing tab, not theft. */
    refreshReuseGraceMs: number;
  },
): Promise<AuthService> {
  const { db, config, secrets, shared, io, background, publicUrl } = deps.core;
  const { users } = deps;
  const sessions = createSessionState({
    shared,
    load: async (userId) => {
      const u = await users.findById(userId);
      return u ? { version: u.sessionVersion, banned: u.banned, bannedReason: u.bannedReason } : null;
    },
  });
  await sessions.start();
  // Each node acts on its own sockets: a new session version drops them; a ban says why first.
  sessions.onChange((change) => {
    const room = io.local.in(userRoom(change.userId));
    if (change.kind === 'ban') room.emit('banned', { reason: change.reason });
    if (change.kind === 'unban') room.emit('unbanned', {});
    if (change.kind !== 'unban') room.disconnectSockets(true);
  });
  users.onBanChange((userId, reason) =>
    sessions.changed(reason === null ? { userId, kind: 'unban' } : { userId, kind: 'ban', reason }),
  );
  const auth = createAuthService({
    db,
    repo: createAuthRepository(),
    users,
    jwt: createJwt(secrets.jwtSecret),
    mail: deps.mail,
    publicUrl,
    reuseGraceMs: deps.refreshReuseGraceMs,
    sessions,
    throttle: createSignInThrottle({
      shared,
      secret: secrets.jwtSecret,
      options: {
        freeAttempts: config.SIGNIN_FREE_ATTEMPTS,
        baseLockMs: config.SIGNIN_LOCK_BASE_MS,
        maxLockMs: config.SIGNIN_LOCK_MAX_MS,
        windowMs: Math.max(15 * 60_000, config.SIGNIN_LOCK_MAX_MS),
      },
    }),
    secret: secrets.jwtSecret,
    logLinks: config.NODE_ENV !== 'production',
  });
  // Account deletion (POST /api/user/delete): every device is signed out.
  users.onDeactivate((userId) => auth.revokeAllSessions(userId));
  deps.identity.provide({
    authenticate: (token) => auth.authenticate(token),
    roleOf: async (userId) => (await users.getById(userId)).role,
    languageOf: async (userId) => (await users.findById(userId))?.language ?? null,
  });
  authRoutes(app, { auth, config, background });
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD)
    await auth.ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  return auth;
}
