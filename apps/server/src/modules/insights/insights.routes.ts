import { AdminUserParams } from '@amora/shared/admin.ts';
import {
  KpiRangeQuery,
  KpiResponse,
  PartnerStatsResponse,
  RoleBody,
  RoleResponse,
} from '@amora/shared/insights.ts';
import type { AppInstance } from '../../app-types.ts';
import { requireRole } from '../../plugins/require-role.ts';
import type { InsightsService } from './insights.service.ts';

export function insightsRoutes(app: AppInstance, insights: InsightsService): void {
  const admin = [app.requireAuth, requireRole(app, ['admin'])];
  const common = { security: [{ bearer: [] }] };

  app.get(
    '/api/admin/kpis',
    {
      onRequest: admin,
      schema: {
        ...common,
        tags: ['admin', 'insights'],
        summary:
          'The operator’s numbers for UTC days `from`..`to` (ISO dates, at most 366 days): daily series and totals of sign-ups, active and paying users, first payments, revenue by provider and currency, ARPU/ARPPU, tokens by reason, messages, subscriptions, refunds and chargebacks, top characters — SQL aggregates over the ledger, payments, subscriptions, users and messages',
        querystring: KpiRangeQuery,
        response: { 200: KpiResponse },
      },
    },
    async (req) => insights.kpis(req.query),
  );

  app.put(
    '/api/admin/users/:id/role',
    {
      onRequest: admin,
      schema: {
        ...common,
        tags: ['admin', 'insights'],
        summary:
          'Set a user’s role (user, partner, admin); a partner needs `partnerSource`, the utm_source or affiliate_platform value of its traffic',
        params: AdminUserParams,
        body: RoleBody,
        response: { 200: RoleResponse },
      },
    },
    async (req) => {
      const res = await insights.setRole(req.userId(), req.params.id, req.body);
      req.log.info(
        { actor: req.userId(), userId: req.params.id, role: req.body.role },
        'operator set a role',
      );
      return res;
    },
  );

  app.get(
    '/api/partner/stats',
    {
      onRequest: [app.requireAuth, requireRole(app, ['partner'])],
      schema: {
        ...common,
        tags: ['partner'],
        summary:
          'A partner’s own traffic for UTC days `from`..`to`: sign-ups, first payments and revenue of users whose utm_source or affiliate_platform is the partner’s source (role partner only, 403 otherwise)',
        querystring: KpiRangeQuery,
        response: { 200: PartnerStatsResponse },
      },
    },
    async (req) => insights.partnerStats(req.userId(), req.query),
  );
}
