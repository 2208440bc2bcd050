import type { LedgerReason } from '@amora/shared/wallet.ts';
import { inOpenTransaction, outsideTransaction, type Db, type DbOrTx } from '../../db/client.ts';
import { insufficientTokens, isUniqueViolation } from '../../lib/errors.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { newId } from '../../lib/tokens.ts';
import type { SQL } from 'drizzle-orm';
import { ledgerChangeCtes, type LedgerRepository } from './ledger.repository.ts';

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

/** Most changes of one account applied in one coalesced transaction (decision 090). */
const MAX_BATCH = 500;

type Pending = { change: LedgerChange; resolve: (r: LedgerResult) => void; reject: (e: unknown) => void };

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

  /** One change in its own transaction (no notification). */
  async function applyAlone(change: LedgerChange): Promise<LedgerResult> {
    try {
      return await deps.db.transaction((tx) => applyIn(tx, change));
    } catch (err) {
      // Two concurrent requests with one key: the loser's insert hit the unique index and its
      // transaction (balance change included) rolled back. Report the winner's entry.
      if (!isUniqueViolation(err)) throw err;
      const existing = await repo.findByKey(deps.db, change.idempotencyKey);
      if (!existing) throw err;
      return { applied: false, balance: existing.balanceAfter, entryId: existing.id };
    }
  }

  /**
   * Coalescing (decision 090): changes to one account that arrive while a transaction of that
   * account is running wait for it, then go together in the next one, each with its own
   * idempotency key, statement and answer. An account at rest starts its transaction at once.
   */
  const queues = new Map<string, Pending[]>();

  async function drain(userId: string): Promise<void> {
    for (;;) {
      const queue = queues.get(userId);
      if (!queue?.length) {
        queues.delete(userId);
        return;
      }
      const batch = queue.splice(0, MAX_BATCH);
      const outcomes = await runBatch(batch);
      let last: number | null = null;
      for (const [i, p] of batch.entries()) {
        const o = outcomes[i]!;
        if ('error' in o) p.reject(o.error);
        else {
          if (o.result.applied) last = o.result.balance;
          p.resolve(o.result);
        }
      }
      if (last !== null) deps.realtime.toUser(userId, 'tokens', { tokens: last });
    }
  }

  type Outcome = { result: LedgerResult } | { error: unknown };
  async function runBatch(batch: Pending[]): Promise<Outcome[]> {
    if (batch.length === 1) {
      try {
        return [{ result: await applyAlone(batch[0]!.change) }];
      } catch (error) {
        return [{ error }];
      }
    }
    try {
      return await deps.db.transaction(async (tx) => {
        // The account's row is locked for the whole batch, so the changes apply one after another
        // in memory exactly as they would one transaction each, and are written in 4 statements.
        const userId = batch[0]!.change.userId;
        let balance = await repo.lockBalance(tx, userId);
        if (balance === null) throw new Error('batch for a missing user');
        const known = new Map(
          (
            await repo.findByKeys(
              tx,
              batch.map((p) => p.change.idempotencyKey),
            )
          ).map((e) => [e.idempotencyKey, e]),
        );
        const entries: Parameters<LedgerRepository['insertMany']>[1] = [];
        const outcomes: Outcome[] = batch.map(({ change }) => {
          const existing = known.get(change.idempotencyKey);
          if (existing) {
            if (existing.userId !== change.userId)
              return { error: new Error('Idempotency key belongs to another user') };
            return { result: { applied: false, balance: existing.balanceAfter, entryId: existing.id } };
          }
          if (balance! + change.delta < 0) return { error: insufficientTokens() };
          balance = balance! + change.delta;
          const entry = {
            id: newId(),
            userId,
            delta: change.delta,
            balanceAfter: balance,
            reason: change.reason,
            reference: change.reference ?? null,
            idempotencyKey: change.idempotencyKey,
          };
          entries.push(entry);
          known.set(entry.idempotencyKey, { ...entry, seq: 0, createdAt: new Date() });
          return { result: { applied: true, balance, entryId: entry.id } };
        });
        if (entries.length) {
          await repo.setBalance(tx, userId, balance);
          await repo.insertMany(tx, entries);
        }
        return outcomes;
      });
    } catch {
      // The batch rolled back whole (a key applied concurrently by another node, say): each
      // change runs alone, so one failure answers only its own request.
      const outcomes: Outcome[] = [];
      for (const p of batch) {
        try {
          outcomes.push({ result: await applyAlone(p.change) });
        } catch (error) {
          outcomes.push({ error });
        }
      }
      return outcomes;
    }
  }

  return {
    applyIn,
    clawbackIn,
    /**
     * A fresh change (its key never used) as common table expressions for the caller's own
     * statement (decision 120: the chat send is one statement): applied only when `when` holds;
     * `ledger_entry` answers `balance_after`, no row when the balance cannot pay. Within a
     * transaction the caller rolls back when it finds no entry (INSUFFICIENT_TOKENS).
     */
    changeCtes(change: LedgerChange, when: SQL): SQL {
      if (!Number.isInteger(change.delta)) throw new Error('Ledger delta must be an integer');
      return ledgerChangeCtes(
        {
          id: newId(),
          userId: change.userId,
          delta: change.delta,
          reason: change.reason,
          reference: change.reference ?? null,
          idempotencyKey: change.idempotencyKey,
        },
        when,
      );
    },
    /**
     * Applies a change in its own transaction (coalesced with concurrent changes to the same
     * account: decision 090) and tells the user's devices the new balance.
     */
    async apply(change: LedgerChange): Promise<LedgerResult> {
      if (!Number.isInteger(change.delta)) throw new Error('Ledger delta must be an integer');
      // Inside an open PGlite transaction the change must join it (one connection): no queue.
      if (inOpenTransaction()) {
        const result = await applyAlone(change);
        if (result.applied) deps.realtime.toUser(change.userId, 'tokens', { tokens: result.balance });
        return result;
      }
      return new Promise<LedgerResult>((resolve, reject) => {
        const queue = queues.get(change.userId);
        if (queue) {
          queue.push({ change, resolve, reject });
          return;
        }
        queues.set(change.userId, [{ change, resolve, reject }]);
        outsideTransaction(() => void drain(change.userId));
      });
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
