import type { AdminSettingsResponse } from '@amora/shared/offers.ts';
import type { Settings } from '@amora/shared/settings.ts';
import { api } from '../../../lib/api-client.ts';

/** The operator's offers editor (docs/decisions/028): read the stored settings, replace one section. */
export const offersKeys = { settings: () => ['admin', 'settings'] as const };

export type OffersSection = 'purchase' | 'subscription';

export async function fetchAdminSettings(signal?: AbortSignal): Promise<Settings> {
  return (await api.get<AdminSettingsResponse>('/admin/settings', { signal })).data.settings;
}

/** Sends the whole section; values the operator typed that are not numbers go as typed, for the server to name. */
export async function saveOffers(section: OffersSection, value: unknown[]): Promise<Settings> {
  return (
    await api.request<{ data: { settings: Settings } }>(`/admin/settings/${section}`, {
      method: 'PUT',
      body: value,
    })
  ).data.settings;
}
