import { LedgerReason, WalletResponse } from '@amora/shared/wallet.ts';
import type { AppInstance } from '../../app-types.ts';

export function walletRoutes(app: AppInstance): void {
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
      const { users, ledger } = app.ctx.services;
      const user = await users.getById(req.userId());
      const entries = await ledger.entries(user.id, 200);
      return {
        tokens: user.tokens,
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
