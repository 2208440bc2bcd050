import { LedgerReason, WalletResponse } from '@amora/shared/wallet.ts';
import type { AppInstance } from '../../app-types.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { LedgerService } from './ledger.service.ts';

export function walletRoutes(app: AppInstance, ledger: LedgerService): void {
  app.get(
    '/api/wallet',
    {
      onRequest: [app.requireAuth],
      schema: {
        tags: ['billing'],
        summary: "The caller's balance and token ledger, newest first",
        security: [{ bearer: [] }],
        response: { 200: WalletResponse },
      },
    },
    async (req) => {
      const tokens = await ledger.balance(req.userId());
      if (tokens === null) throw unauthorized('auth.sessionEnded');
      const entries = await ledger.entries(req.userId(), 200);
      return {
        tokens,
        entries: entries.map((e) => ({
          _id: e.id,
          delta: e.delta,
          balanceAfter: e.balanceAfter,
          reason: LedgerReason.catch('admin').parse(e.reason),
          reference: e.reference,
          date: e.createdAt.toISOString(),
        })),
      };
    },
  );
}
