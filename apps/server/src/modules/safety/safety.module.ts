import type { AppInstance } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import type { Realtime } from '../../lib/realtime.ts';
import type { UsersService } from '../users/users.service.ts';
import { createSafetyRepository } from './safety.repository.ts';
import { registerSafetyGuard, safetyRoutes } from './safety.routes.ts';
import { createSafetyService, type SafetyService } from './safety.service.ts';

/**
 * The safety layer in front of every engine (decisions 044–046): crisis help, the under-18 age
 * review hold (a guard on every write of an account on hold) and the console's safety events.
 */
export function registerSafetyModule(
  app: AppInstance,
  deps: { db: Db; users: UsersService; realtime: Realtime },
): SafetyService {
  const safety = createSafetyService({ ...deps, repo: createSafetyRepository(), log: app.log });
  registerSafetyGuard(app, safety);
  safetyRoutes(app, safety);
  return safety;
}
