import type { AppInstance } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { SharedState } from '../../lib/shared-state.ts';
import { createBotsRepository } from './bots.repository.ts';
import { botsRoutes } from './bots.routes.ts';
import { seedBots } from './bots.seed.ts';
import { createBotsService, type BotsService } from './bots.service.ts';

/** The characters: seeded at first start (with SEED_DEMO, the demo cast and its art), listed and shown. */
export async function registerBotsModule(
  app: AppInstance,
  deps: { db: Db; storage: MediaStorage; shared: SharedState; seedDemo: boolean },
): Promise<BotsService> {
  const repo = createBotsRepository();
  const bots = createBotsService({ db: deps.db, repo, storage: deps.storage, shared: deps.shared });
  await bots.start();
  await seedBots({ db: deps.db, repo, storage: deps.storage, log: app.log, demo: deps.seedDemo });
  // The seed wrote characters: no node keeps an older copy (decision 091).
  bots.invalidate();
  botsRoutes(app, bots);
  return bots;
}
