import type { MaintenanceResponse, UtmBody } from '@amora/shared/platform.ts';
import type { User } from '@amora/shared/user.ts';
import { api } from '../../../lib/api-client.ts';

export function fetchMaintenance(signal?: AbortSignal): Promise<MaintenanceResponse> {
  return api.get<MaintenanceResponse>('/settings/maintenance', { signal });
}

export function sendUtm(body: UtmBody): Promise<{ user: User }> {
  return api.post<{ user: User }>('/user/utm', body);
}
