import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/tokens.ts';
import {
  createIdempotencyRepository,
  type IdempotencyKey,
  type IdempotencyRepository,
} from './idempotency.repository.ts';

export type { IdempotencyKey } from './idempotency.repository.ts';

/** A claimed key whose run has been silent this long belongs to a node that died mid-run. */
export const IDEMPOTENCY_LEASE_MS = 10 * 60_000;

/** One run of an operation behind an idempotency key. */
export type Attempt<T> = {
  /** Unique per run: name the run's ledger entry after it (`command:<id>`), never after the client's key. */
  readonly id: string;
  /**
   * Stores `answer` as the key's answer inside `tx`, the transaction that commits the effect and
   * its charge: both commit together or neither does. Throws 409 when a retry took the key over
   * (this run was presumed dead), which rolls the transaction back. Without a key it does nothing.
   */
  completeIn(tx: DbOrTx, answer: T): Promise<void>;
};

/**
 * The shared idempotency mechanism (docs/decisions/030-idempotency-keys.md). A request that carries
 * a client key runs its effect once per (user, scope, key): a replay after it finished gets the
 * first answer, stored; one while it is still running gets 409 CONFLICT; one after it failed runs
 * afresh (a failure commits nothing and gives the key back).
 */
export function createIdempotencyService(deps: { db: Db; repo?: IdempotencyRepository; now?: () => Date }) {
  const { db } = deps;
  const repo = deps.repo ?? createIdempotencyRepository();
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * Runs `run` once for `key` (or every time when `key` is null: the client sent none).
     * `readAnswer` turns the stored JSON back into the answer (validate it with the response schema).
     */
    async once<T>(
      key: IdempotencyKey | null,
      run: (attempt: Attempt<T>) => Promise<T>,
      readAnswer: (stored: unknown) => T,
    ): Promise<T> {
      const id = newId();
      if (!key) return run({ id, completeIn: () => Promise.resolve() });
      const at = now();
      const claimed = await repo.claim(db, key, id, at, new Date(at.getTime() - IDEMPOTENCY_LEASE_MS));
      if (!claimed) {
        const row = await repo.find(db, key);
        if (row?.state === 'done') return readAnswer(row.answer);
        // Still running (or released a moment ago: the client may simply try again).
        throw new AppError('CONFLICT', 'input.requestInProgress');
      }
      const attempt: Attempt<T> = {
        id,
        async completeIn(tx, answer) {
          if (!(await repo.complete(tx, key, id, answer, now())))
            throw new AppError('CONFLICT', 'input.requestSuperseded');
        },
      };
      let answer: T;
      try {
        answer = await run(attempt);
      } catch (err) {
        // Nothing committed (a refusal, a rollback): the key is free again. A run that committed its
        // answer before failing keeps it (release only deletes a pending key).
        await repo.release(db, key, id).catch(() => undefined);
        throw err;
      }
      // Runs that commit nothing in a transaction of theirs (free commands) store the answer now;
      // a run that stored it with its effect is left as it is.
      await repo.complete(db, key, id, answer, now());
      return answer;
    },
  };
}
export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
