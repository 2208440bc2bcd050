import type { AppInstance } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { createOffersRepository } from './offers.repository.ts';
import { offersRoutes } from './offers.routes.ts';
import { createOffersService } from './offers.service.ts';
import { createSettingsRepository } from './settings.repository.ts';
import { settingsRoutes } from './settings.routes.ts';
import { createSettingsService, type SettingsService } from './settings.service.ts';

/** Settings (packs, plans, costs, rules: seeded once) and the console's editors of them. */
export async function registerSettingsModule(app: AppInstance, deps: { db: Db }): Promise<SettingsService> {
  const settings = createSettingsService(createSettingsRepository(deps.db));
  await settings.seed();
  settingsRoutes(app, settings);
  offersRoutes(app, createOffersService({ settings, repo: createOffersRepository(deps.db) }));
  return settings;
}
