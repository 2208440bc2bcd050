import type { AppInstance } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import { createLedgerService, type LedgerService } from './ledger.service.ts';
import { walletRoutes } from './wallet.routes.ts';

/** The token ledger (every balance change, once) and the wallet that shows it. */
export function registerBillingModule(app: AppInstance, deps: { db: Db; realtime: Realtime }): LedgerService {
  const ledger = createLedgerService({
    db: deps.db,
    repo: createLedgerRepository(),
    realtime: deps.realtime,
  });
  walletRoutes(app, ledger);
  return ledger;
}
