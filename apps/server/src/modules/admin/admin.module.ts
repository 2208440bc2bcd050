import type { AppInstance } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import type { Realtime } from '../../lib/realtime.ts';
import type { SubscriptionsService } from '../payments/subscriptions.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createAdminRepository } from './admin.repository.ts';
import { adminRoutes } from './admin.routes.ts';
import { createAdminService } from './admin.service.ts';

/** Account moderation and the operator console's lists (admin role). */
export function registerAdminModule(
  app: AppInstance,
  deps: { db: Db; realtime: Realtime; users: UsersService; subscriptions: SubscriptionsService },
): void {
  adminRoutes(app, createAdminService({ ...deps, repo: createAdminRepository() }));
}
