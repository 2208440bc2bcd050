import {
  AdminSettingsResponse,
  editableSections,
  SETTINGS_SECTIONS,
  type SettingsSection,
} from '@amora/shared/offers.ts';
import { SettingsResponse } from '@amora/shared/settings.ts';
import type { AppInstance } from '../../app-types.ts';
import { requireRole } from '../../plugins/require-role.ts';
import type { OffersService } from './offers.service.ts';

const summaries: Record<SettingsSection, string> = {
  purchase:
    'Replace the token packs (every field; prices ≥ 0 with at most 2 decimals, Stars whole, unique uuids)',
  subscription:
    'Replace the subscription plans; a plan a live subscription still uses, or the one trials renew into, cannot be removed (409)',
  tokens: 'Replace the per-action token costs',
  billing:
    'Replace the billing rules (first-subscription discount, renewal retries and grace, the plan trials renew into, geo tiers, the new-user offer)',
  gifts:
    'Replace the gifts: every gift once, with its price in tokens, name and icon (ids and commands fixed)',
  companion:
    'Replace the relationship rules: the pace of points and levels (turn points with diminishing returns, the daily cap, return, photo and gift points, rudeness), the level markers, neglect and break-up, command costs',
};

/** Operators edit offers, prices, costs and billing rules, one settings section at a time (admin role). */
export function offersRoutes(app: AppInstance, offers: OffersService): void {
  const onRequest = [app.requireAuth, requireRole(app, ['admin'])];
  const common = { tags: ['admin'], security: [{ bearer: [] }] };

  app.get(
    '/api/admin/settings',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'The editable settings as stored now, and the sections that PUT replaces',
        response: { 200: AdminSettingsResponse },
      },
    },
    async () => ({ data: { settings: await offers.read(), sections: [...SETTINGS_SECTIONS] } }),
  );

  for (const section of SETTINGS_SECTIONS) {
    app.put(
      `/api/admin/settings/${section}`,
      {
        onRequest,
        schema: {
          ...common,
          summary: summaries[section],
          description:
            'The body is the whole section. This server answers with the new settings at once; other servers within a few seconds (their settings cache).',
          body: editableSections[section],
          response: { 200: SettingsResponse },
        },
      },
      async (req) => {
        const { settings, summary } = await offers.replace(section, req.body);
        req.log.info({ actor: req.userId(), ...summary }, 'operator edited settings');
        return { data: { settings } };
      },
    );
  }
}
