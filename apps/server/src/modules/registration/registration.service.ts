import type { Db } from '../../db/client.ts';
import { REGISTRATION_TOKEN_DEFAULT_HOURS } from '@amora/shared/registration.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { hashToken, newId, randomToken } from '../../lib/tokens.ts';
import type { AuthService, Session } from '../auth/auth.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { RegistrationRepository } from './registration.repository.ts';

const INVALID = 'auth.registrationLinkInvalid';

/**
 * Registration tokens (docs/decisions/018): an operator's landing page or an affiliate (admin or
 * partner) gets a single-use, expiring token for an email — the account is created (status New,
 * no password) or the existing one linked — and the visitor's browser exchanges it for a session.
 */
export function createRegistrationService(deps: {
  db: Db;
  repo: RegistrationRepository;
  users: UsersService;
  auth: AuthService;
  publicUrl: string;
}) {
  const { db, repo, users, auth } = deps;
  return {
    async issue(
      issuerId: string,
      input: { email: string; ttlHours?: number | undefined; source?: string | undefined },
    ) {
      let user = await users.findByEmail(input.email);
      const created = !user;
      if (!user) {
        try {
          user = await users.create({
            email: input.email,
            passwordHash: null,
            ...(input.source ? { source: input.source } : {}),
          });
        } catch (err) {
          // Created by a concurrent request for the same email: link it.
          if (!(err instanceof AppError && err.code === 'EMAIL_TAKEN')) throw err;
          user = await users.findByEmail(input.email);
          if (!user) throw err;
        }
      }
      const token = randomToken();
      const expiresAt = new Date(
        Date.now() + (input.ttlHours ?? REGISTRATION_TOKEN_DEFAULT_HOURS) * 3_600_000,
      );
      await repo.insert(db, {
        id: newId(),
        userId: user.id,
        tokenHash: hashToken(token),
        createdBy: issuerId,
        expiresAt,
      });
      return {
        registrationToken: token,
        expiresAt: expiresAt.toISOString(),
        userId: user.id,
        created,
        url: `${deps.publicUrl}/?registration_token=${encodeURIComponent(token)}`,
      };
    },

    /** Uses the token once and starts a session for its account (401 when invalid, used or expired). */
    async exchange(registrationToken: string): Promise<Session> {
      const used = await repo.consume(db, hashToken(registrationToken), new Date());
      if (!used) throw unauthorized(INVALID);
      const user = await users.findById(used.userId);
      if (!user) throw unauthorized(INVALID);
      return auth.startSessionFor(user);
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
