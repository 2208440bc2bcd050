import type { AppInstance } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { messageLanguageOf } from '../../lib/messages/index.ts';
import type { Realtime } from '../../lib/realtime.ts';
import type { SharedState } from '../../lib/shared-state.ts';
import type { AppSocketServer } from '../../plugins/socket.ts';
import type { UsersService } from '../users/users.service.ts';
import { createSafetyRepository } from './safety.repository.ts';
import { registerSafetyGuard, safetyRoutes } from './safety.routes.ts';
import { createSafetyService, type SafetyService } from './safety.service.ts';
import { registerSafetySocketGuard } from './safety.socket.ts';

/**
 * The safety layer in front of every engine (decisions 044–046): crisis help, the under-18 age
 * review hold (a guard on every write of an account on hold) and the console's safety events.
 */
export async function registerSafetyModule(
  app: AppInstance,
  deps: { db: Db; users: UsersService; realtime: Realtime; io: AppSocketServer; shared: SharedState },
): Promise<SafetyService> {
  const safety = createSafetyService({
    db: deps.db,
    users: deps.users,
    realtime: deps.realtime,
    repo: createSafetyRepository(),
    log: app.log,
    shared: deps.shared,
  });
  await safety.start();
  app.addHook('onClose', () => safety.stop());
  registerSafetyGuard(app, safety);
  // Socket writes of an account on hold are refused too (decision 061).
  registerSafetySocketGuard(deps.io, safety, app.log, async (userId) => {
    const user = await deps.users.findById(userId);
    return user ? messageLanguageOf(user.language) : null;
  });
  safetyRoutes(app, safety);
  return safety;
}
