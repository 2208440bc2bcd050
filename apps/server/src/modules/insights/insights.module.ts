import type { AppInstance } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import type { UsersService } from '../users/users.service.ts';
import { createInsightsRepository } from './insights.repository.ts';
import { insightsRoutes } from './insights.routes.ts';
import { createInsightsService, type InsightsService } from './insights.service.ts';

/** The operator's numbers (`GET /api/admin/kpis`), role assignment and the partner's own stats. */
export function registerInsightsModule(
  app: AppInstance,
  deps: { db: Db; users: UsersService },
): InsightsService {
  const insights = createInsightsService({
    db: deps.db,
    repo: createInsightsRepository(),
    users: deps.users,
  });
  insightsRoutes(app, insights);
  return insights;
}
