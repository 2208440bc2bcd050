import type { AppInstance } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createPromoRepository } from './promo.repository.ts';
import { promoRoutes } from './promo.routes.ts';
import { createPromoService, type PromoService } from './promo.service.ts';

/** Promo codes: token grants and checkout discounts (held by a payment, released if it fails). */
export function registerPromoModule(
  app: AppInstance,
  deps: { db: Db; ledger: LedgerService; users: UsersService },
): PromoService {
  const promo = createPromoService({ ...deps, repo: createPromoRepository() });
  promoRoutes(app, promo);
  return promo;
}
