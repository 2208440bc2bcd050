import type { Settings } from '@amora/shared/settings.ts';
import { api } from '../../../lib/api-client.ts';

export const settingsKeys = { all: ['settings'] as const };

export function fetchSettings(signal?: AbortSignal): Promise<{ data: { settings: Settings } }> {
  return api.get<{ data: { settings: Settings } }>('/settings', { signal });
}
