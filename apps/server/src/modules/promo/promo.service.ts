import type {
  CreatePromoCodeBody,
  PromoApplyResponse,
  PromoCheckResponse,
  PromoCodeView,
} from '@amora/shared/promo.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { PromoCodeRow } from '../../db/schema/promo-codes.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/tokens.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { PromoRepository } from './promo.repository.ts';

const USED = 'promo.alreadyUsed';

export const promoKey = (userId: string, codeId: string) => `promo:${userId}:${codeId}`;

/** A promo code row as the API shows it (the create response and the admin list). */
export function toPromoCodeView(c: PromoCodeRow): PromoCodeView {
  return {
    _id: c.id,
    code: c.code,
    kind: c.kind,
    amount: c.amount,
    expiresAt: c.expiresAt?.toISOString() ?? null,
    maxUses: c.maxUses,
    uses: c.uses,
    active: c.active,
  };
}

/**
 * Promo codes (SPEC §1, §8): bonus tokens credited through the ledger, or a percent off the next
 * checkout. One use per user (a unique index), a use limit and an expiry, safe under concurrency.
 */
export function createPromoService(deps: {
  db: Db;
  repo: PromoRepository;
  ledger: LedgerService;
  users: UsersService;
}) {
  const { db, repo, ledger } = deps;

  function usable(code: PromoCodeRow | null, now: Date): PromoCodeRow {
    if (!code || !code.active) throw notFound('promo.unknown');
    if (code.expiresAt && code.expiresAt.getTime() <= now.getTime())
      throw new AppError('VALIDATION_ERROR', 'promo.expired');
    if (code.maxUses !== null && code.uses >= code.maxUses) throw new AppError('CONFLICT', 'promo.fullyUsed');
    return code;
  }

  return {
    async create(input: CreatePromoCodeBody): Promise<PromoCodeRow> {
      try {
        return await repo.insertCode(db, {
          id: newId(),
          code: input.code,
          kind: input.kind,
          amount: input.amount,
          expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
          maxUses: input.maxUses ?? null,
          active: input.active ?? true,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'promo.exists');
        throw err;
      }
    },

    async check(userId: string, codeText: string): Promise<PromoCheckResponse> {
      const code = usable(await repo.findCode(db, codeText), new Date());
      if (await repo.findRedemption(db, userId, code.id)) throw new AppError('CONFLICT', USED);
      return {
        code: code.code,
        kind: code.kind,
        amount: code.amount,
        expiresAt: code.expiresAt?.toISOString() ?? null,
      };
    },

    async apply(userId: string, codeText: string): Promise<PromoApplyResponse> {
      const user = await deps.users.getById(userId);
      if (user.banned) throw new AppError('BANNED', 'account.bannedPromo');
      const code = usable(await repo.findCode(db, codeText), new Date());
      let balance = user.tokens;
      try {
        balance = await db.transaction(async (tx) => {
          await repo.insertRedemption(tx, {
            id: newId(),
            codeId: code.id,
            userId,
            kind: code.kind,
            amount: code.amount,
          });
          if (!(await repo.countUse(tx, code.id))) throw new AppError('CONFLICT', 'promo.fullyUsed');
          if (code.kind !== 'bonus_tokens') return balance;
          const result = await ledger.applyIn(tx, {
            userId,
            delta: code.amount,
            reason: 'promo',
            reference: code.code,
            idempotencyKey: promoKey(userId, code.id),
          });
          return result.balance;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', USED);
        throw err;
      }
      if (code.kind === 'bonus_tokens') ledger.notifyBalance(userId, balance);
      return { code: code.code, kind: code.kind, amount: code.amount, tokens: balance };
    },

    async pendingDiscount(userId: string): Promise<{ code: string; percent: number } | null> {
      const row = await repo.pendingDiscount(db, userId);
      return row ? { code: row.code, percent: row.percent } : null;
    },

    /** For the payments service: takes the user's pending discount for this checkout (0 when none). */
    async reserveDiscountIn(tx: DbOrTx, userId: string, paymentId: string): Promise<number> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const row = await repo.pendingDiscount(tx, userId);
        if (!row) return 0;
        if (await repo.reserve(tx, row.id, paymentId)) return row.percent;
      }
      return 0;
    },

    /** A failed or declined checkout gives the discount back. */
    async releaseDiscountIn(tx: DbOrTx, paymentId: string): Promise<void> {
      await repo.release(tx, paymentId);
    },
  };
}
export type PromoService = ReturnType<typeof createPromoService>;
