import type { AppInstance } from '../../app-types.ts';
import type { Core } from '../../core.ts';
import type { BotsService } from '../bots/bots.service.ts';
import type { MediaAccessService } from '../media/media-access.service.ts';
import { createStudioRepository } from './studio.repository.ts';
import { studioRoutes } from './studio.routes.ts';
import { createStudioService, type StudioService } from './studio.service.ts';

/** Published when an operator changes a character: every node drops its cached character list. */
const BOTS_CHANGED = 'bots-changed';

/** The character studio (issue 11): admin routes, and the cross-node invalidation of the bots cache. */
export function registerStudioModule(
  app: AppInstance,
  deps: { core: Pick<Core, 'db' | 'storage' | 'shared'>; bots: BotsService; mediaAccess: MediaAccessService },
): StudioService {
  const { db, storage } = deps.core;
  const services = { bots: deps.bots, mediaAccess: deps.mediaAccess };
  const ready = deps.core.shared.subscribe(BOTS_CHANGED, () => services.bots.invalidate());
  app.addHook('onReady', async () => {
    await ready;
  });
  const studio = createStudioService({
    db,
    repo: createStudioRepository(),
    bots: services.bots,
    storage,
    mediaAccess: services.mediaAccess,
    changed: () => {
      // This node at once; the others when the message arrives.
      services.bots.invalidate();
      deps.core.shared.publish(BOTS_CHANGED, '1');
    },
  });
  studioRoutes(app, studio);
  return studio;
}
