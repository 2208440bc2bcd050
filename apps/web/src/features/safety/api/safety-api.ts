import type {
  SafetyEventView,
  SafetyEventsResponse,
  SafetyHoldResponse,
  SafetyStatusResponse,
} from '@amora/shared/safety.ts';
import { api } from '../../../lib/api-client.ts';

export const safetyKeys = {
  status: (userId: string) => ['safety', 'status', userId] as const,
  events: () => ['admin', 'safety', 'events'] as const,
};

export function fetchSafetyStatus(signal?: AbortSignal): Promise<SafetyStatusResponse> {
  return api.get<SafetyStatusResponse>('/safety/status', { signal });
}

export async function fetchSafetyEvents(signal?: AbortSignal): Promise<SafetyEventView[]> {
  return (await api.get<SafetyEventsResponse>('/admin/safety/events', { signal })).data;
}

export function restoreAccount(userId: string): Promise<SafetyHoldResponse> {
  return api.post<SafetyHoldResponse>(`/admin/safety/users/${encodeURIComponent(userId)}/restore`);
}

export function closeAccount(userId: string): Promise<SafetyHoldResponse> {
  return api.post<SafetyHoldResponse>(`/admin/safety/users/${encodeURIComponent(userId)}/close`);
}
