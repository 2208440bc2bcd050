import type { AppInstance } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { SubscriptionsService } from '../payments/subscriptions.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createConversionRepository } from './conversion.repository.ts';
import { conversionRoutes } from './conversion.routes.ts';
import { createConversionService, type ConversionService } from './conversion.service.ts';

/**
 * The offers that convert (issue 12 item 4): the leave offer's discount joins the checkout's
 * discounts, the mystery box's prize is drawn at fulfilment, and the routes under /api/offers.
 */
export function registerConversionModule(
  app: AppInstance,
  deps: {
    db: Db;
    payments: PaymentsService;
    ledger: LedgerService;
    users: UsersService;
    settings: SettingsService;
    subscriptions: SubscriptionsService;
    randomInt?: (max: number) => number;
  },
): ConversionService {
  const service = createConversionService({
    repo: createConversionRepository(),
    ...deps,
  });
  service.attach(deps.payments);
  conversionRoutes(app, service);
  return service;
}
