import type { LedgerReason } from '@amora/shared/wallet.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { insufficientTokens, isUniqueViolation } from '../../lib/errors.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { newId } from '../../lib/tokens.ts';
import type { LedgerRepository } from './ledger.repository.ts';

export type LedgerChange = {
  userId: string;
  /** Positive credits, negative debits. */
  delta: number;
  reason: LedgerReason;
  reference?: string | null;
  /** A retried operation with the same key is applied once. */
  idempotencyKey: string;
};

export type LedgerResult = { applied: boolean; balance: number; entryId: string };

/**
 * The only way tokens move (DESIGN §3): an append-only entry plus a conditional balance update in
 * the same transaction. Never lets a balance go below zero; applies each idempotency key once.
 */
export function createLedgerService(deps: { db: Db; repo: LedgerRepository; realtime: Realtime }) {
  const { repo } = deps;

  /** Applies a change inside the caller's transaction. Throws INSUFFICIENT_TOKENS when it cannot pay. */
  async function applyIn(tx: DbOrTx, change: LedgerChange): Promise<LedgerResult> {
    if (!Number.isInteger(change.delta)) throw new Error('Ledger delta must be an integer');
    const applied = await repo.applyAtomic(tx, {
      id: newId(),
      userId: change.userId,
      delta: change.delta,
      reason: change.reason,
      reference: change.reference ?? null,
      idempotencyKey: change.idempotencyKey,
    });
    if (applied) return { applied: true, balance: applied.balanceAfter, entryId: applied.id };
    const existing = await repo.findByKey(tx, change.idempotencyKey);
    if (existing) {
      if (existing.userId !== change.userId) throw new Error('Idempotency key belongs to another user');
      return { applied: false, balance: existing.balanceAfter, entryId: existing.id };
    }
    throw insufficientTokens();
  }

  /**
   * Takes back up to `amount` tokens (refunds, chargebacks) without letting the balance go below
   * zero: whatever was already spent stays spent and is reported as the shortfall.
   */
  async function clawbackIn(
    tx: DbOrTx,
    change: Omit<LedgerChange, 'delta'> & { amount: number },
  ): Promise<LedgerResult & { taken: number; shortfall: number }> {
    if (!Number.isInteger(change.amount) || change.amount < 0)
      throw new Error('Clawback must be a whole amount');
    const existing = await repo.findByKey(tx, change.idempotencyKey);
    if (existing) {
      const taken = -existing.delta;
      return {
        applied: false,
        balance: existing.balanceAfter,
        entryId: existing.id,
        taken,
        shortfall: change.amount - taken,
      };
    }
    const balance = await repo.lockBalance(tx, change.userId);
    if (balance === null) throw new Error('Clawback for a missing user');
    const taken = Math.min(balance, change.amount);
    const { amount: _amount, ...rest } = change;
    const result = await applyIn(tx, { ...rest, delta: -taken });
    return { ...result, taken, shortfall: change.amount - taken };
  }

  return {
    applyIn,
    clawbackIn,
    /** Applies a change in its own transaction and tells the user's devices the new balance. */
    async apply(change: LedgerChange): Promise<LedgerResult> {
      let result: LedgerResult;
      try {
        result = await deps.db.transaction((tx) => applyIn(tx, change));
      } catch (err) {
        // Two concurrent requests with one key: the loser's insert hit the unique index and its
        // transaction (balance change included) rolled back. Report the winner's entry.
        if (!isUniqueViolation(err)) throw err;
        const existing = await repo.findByKey(deps.db, change.idempotencyKey);
        if (!existing) throw err;
        return { applied: false, balance: existing.balanceAfter, entryId: existing.id };
      }
      if (result.applied) deps.realtime.toUser(change.userId, 'tokens', { tokens: result.balance });
      return result;
    },
    notifyBalance(userId: string, balance: number): void {
      deps.realtime.toUser(userId, 'tokens', { tokens: balance });
    },
    async entries(userId: string, limit = 100) {
      return repo.listForUser(deps.db, userId, limit);
    },
    /** The balance the ledger keeps on the account (null: no such account). */
    async balance(userId: string): Promise<number | null> {
      return repo.balance(deps.db, userId);
    },
    async sum(userId: string): Promise<number> {
      return repo.sumForUser(deps.db, userId);
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
