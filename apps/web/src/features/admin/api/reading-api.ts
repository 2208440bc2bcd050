import type { AdminFeedbackResponse, AdminFeedbackView } from '@amora/shared/admin.ts';
import type { Settings } from '@amora/shared/settings.ts';
import { api } from '../../../lib/api-client.ts';

/** The operator's reading (issue 11 item 5): chat feedback, and the cost sections of the settings. */
export const readingKeys = { feedback: () => ['admin', 'feedback'] as const };

export async function fetchFeedback(signal?: AbortSignal): Promise<AdminFeedbackView[]> {
  return (await api.get<AdminFeedbackResponse>('/admin/feedback', { signal })).data;
}

export type CostSection = 'tokens' | 'gifts' | 'billing';

/** Replaces one section (`PUT /api/admin/settings/:section`); answers the new settings. */
export async function saveSection(section: CostSection, value: unknown): Promise<Settings> {
  return (
    await api.request<{ data: { settings: Settings } }>(`/admin/settings/${section}`, {
      method: 'PUT',
      body: value,
    })
  ).data.settings;
}
