import type { AppInstance } from '../../app-types.ts';
import type { SharedState } from '../../lib/shared-state.ts';
import { createStudioRepository } from './studio.repository.ts';
import { studioRoutes } from './studio.routes.ts';
import { createStudioService, type StudioService } from './studio.service.ts';

/** Published when an operator changes a character: every node drops its cached character list. */
const BOTS_CHANGED = 'bots-changed';

/** The character studio (issue 11): admin routes, and the cross-node invalidation of the bots cache. */
export function registerStudioModule(app: AppInstance, deps: { shared: SharedState }): StudioService {
  const { db, storage, services } = app.ctx;
  const ready = deps.shared.subscribe(BOTS_CHANGED, () => services.bots.invalidate());
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
      deps.shared.publish(BOTS_CHANGED, '1');
    },
  });
  studioRoutes(app, studio);
  return studio;
}
