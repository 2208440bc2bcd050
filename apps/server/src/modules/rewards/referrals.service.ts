import { randomBytes } from 'node:crypto';
import type { ReferralResponse } from '@amora/shared/rewards.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { PaymentRow } from '../../db/schema/payments.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { RewardsRepository } from './rewards.repository.ts';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** How long after sign-up an account may still name its inviter. */
const JOIN_WINDOW_MS = 7 * 86_400_000;

export const referralKey = (inviteeId: string) => `referral:${inviteeId}`;
export const referralReversalKey = (inviteeId: string) => `referral:${inviteeId}:reversal`;

function newCode(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/**
 * Referrals (issue 12 item 3): an invite code per user; an invitee names the inviter once, after
 * sign-up; the invitee's first successful payment credits the inviter once, and a refund or
 * chargeback of that payment takes the credit back (as much as is left, like payment reversals).
 */
export function createReferralsService(deps: {
  db: Db;
  repo: RewardsRepository;
  ledger: LedgerService;
  users: UsersService;
  referralTokens: () => Promise<number>;
  now: () => Date;
}) {
  const { db, repo, ledger } = deps;
  /** Inviter balances to announce once the payment's transaction has committed. */
  const toNotify = new Map<string, string>();

  async function codeOf(userId: string): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const existing = await repo.codeOf(db, userId);
      if (existing) return existing;
      try {
        await repo.insertCode(db, userId, newCode());
      } catch (err) {
        if (!isUniqueViolation(err)) throw err; // another user's code: draw again
      }
    }
    throw new Error('could not make an invite code');
  }

  return {
    codeOf,

    async overview(userId: string): Promise<ReferralResponse> {
      const [code, rows, earned, referralTokens] = await Promise.all([
        codeOf(userId),
        repo.invitedBy(db, userId, 100),
        repo.earnedBy(db, userId),
        deps.referralTokens(),
      ]);
      return {
        code,
        referralTokens,
        tokensEarned: earned,
        invited: rows.map((r) => ({
          name: r.name,
          joinedAt: r.joinedAt.toISOString(),
          paid: r.rewardedAt !== null && r.reversedAt === null,
          tokens: r.reversedAt === null ? r.tokens : 0,
        })),
      };
    },

    /** The invitee (the caller) names the inviter by code: once, only a new account before its first payment. */
    async join(userId: string, code: string): Promise<void> {
      const inviterId = await repo.ownerOfCode(db, code.toUpperCase());
      if (!inviterId) throw notFound('rewards.unknownInvite');
      if (inviterId === userId) throw new AppError('VALIDATION_ERROR', 'rewards.ownInvite');
      const me = await deps.users.getById(userId);
      if (me.status === 'Paid' || deps.now().getTime() - me.createdAt.getTime() > JOIN_WINDOW_MS)
        throw new AppError('FORBIDDEN', 'rewards.inviteTooLate');
      if (!(await repo.insertReferral(db, userId, inviterId)))
        throw new AppError('CONFLICT', 'rewards.alreadyInvited');
      // SPEC §3 traffic source `referral` (unless the visitor already came through a platform).
      await deps.users.setTrafficSource(userId, 'referral');
    },

    /** Payment listener, in the transaction that credited the payment. */
    async paidIn(tx: DbOrTx, p: PaymentRow): Promise<void> {
      const tokens = await deps.referralTokens();
      const ref = await repo.markRewarded(tx, p.userId, p.id, tokens, deps.now());
      if (!ref || tokens <= 0) return;
      if (!(await repo.usersExist(tx, [ref.inviterId])).has(ref.inviterId)) return;
      await ledger.applyIn(tx, {
        userId: ref.inviterId,
        delta: tokens,
        reason: 'reward',
        reference: `referral:${p.userId}`,
        idempotencyKey: referralKey(p.userId),
      });
      toNotify.set(p.id, ref.inviterId);
    },

    /** Payment listener: the rewarded payment was refunded or charged back. */
    async reversedIn(tx: DbOrTx, p: PaymentRow): Promise<void> {
      const ref = await repo.markReversed(tx, p.userId, p.id, deps.now());
      if (!ref || ref.tokens <= 0) return;
      if (!(await repo.usersExist(tx, [ref.inviterId])).has(ref.inviterId)) return;
      // Whatever the inviter already spent stays spent (decision 010): the balance never goes below zero.
      await ledger.clawbackIn(tx, {
        userId: ref.inviterId,
        amount: ref.tokens,
        reason: 'reward',
        reference: `referral:${p.userId}:reversed`,
        idempotencyKey: referralReversalKey(p.userId),
      });
      toNotify.set(p.id, ref.inviterId);
    },

    /** After commit: the inviter's devices learn the new balance. */
    async committed(p: PaymentRow): Promise<void> {
      const inviterId = toNotify.get(p.id);
      if (!inviterId) return;
      toNotify.delete(p.id);
      const inviter = await deps.users.findById(inviterId);
      if (inviter) ledger.notifyBalance(inviterId, inviter.tokens);
    },
  };
}
export type ReferralsService = ReturnType<typeof createReferralsService>;
