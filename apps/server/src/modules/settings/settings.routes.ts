import { SettingsResponse } from '@amora/shared/settings.ts';
import type { AppInstance } from '../../app-types.ts';
import type { SettingsService } from './settings.service.ts';

export function settingsRoutes(app: AppInstance, settings: SettingsService): void {
  app.get(
    '/api/settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'Token packs, subscription plans, per-action token costs and gifts',
        response: { 200: SettingsResponse },
      },
    },
    async () => ({ data: { settings: await settings.get() } }),
  );
}
