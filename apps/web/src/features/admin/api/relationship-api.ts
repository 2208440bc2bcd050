import type { CompanionSettings, Settings } from '@amora/shared/settings.ts';
import { api } from '../../../lib/api-client.ts';

/** Replaces the relationship rules (`PUT /api/admin/settings/companion`); answers the new settings. */
export async function saveRelationshipRules(value: CompanionSettings): Promise<Settings> {
  return (
    await api.request<{ data: { settings: Settings } }>('/admin/settings/companion', {
      method: 'PUT',
      body: value,
    })
  ).data.settings;
}
