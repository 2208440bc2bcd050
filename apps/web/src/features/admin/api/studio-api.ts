import type { Bot } from '@amora/shared/bots.ts';
import type { StudioBot, StudioBotInput, StudioBotPatch, StudioMediaView } from '@amora/shared/studio.ts';
import { api } from '../../../lib/api-client.ts';

/** The character studio's calls (admin role, issue 11). */
export const studioKeys = {
  all: ['admin', 'studio'] as const,
  list: () => ['admin', 'studio', 'list'] as const,
  bot: (id: string) => ['admin', 'studio', 'bot', id] as const,
};

const enc = encodeURIComponent;

export async function fetchStudioBots(signal?: AbortSignal): Promise<StudioBot[]> {
  return (await api.get<{ data: StudioBot[] }>('/admin/bots', { signal })).data;
}
export async function fetchStudioBot(id: string, signal?: AbortSignal): Promise<StudioBot> {
  return (await api.get<{ data: StudioBot }>(`/admin/bots/${enc(id)}`, { signal })).data;
}
export async function createStudioBot(input: StudioBotInput): Promise<StudioBot> {
  return (await api.post<{ data: StudioBot }>('/admin/bots', input)).data;
}
export async function updateStudioBot(id: string, patch: StudioBotPatch): Promise<StudioBot> {
  return (await api.request<{ data: StudioBot }>(`/admin/bots/${enc(id)}`, { method: 'PATCH', body: patch }))
    .data;
}
export async function deleteStudioBot(id: string): Promise<void> {
  await api.request(`/admin/bots/${enc(id)}`, { method: 'DELETE' });
}
export async function importCard(file: File): Promise<Bot> {
  const form = new FormData();
  form.append('file', file);
  return (await api.post<{ data: Bot }>('/admin/bots/import', form)).data;
}
export async function exportCard(id: string): Promise<Blob> {
  return api.request<Blob>(`/admin/bots/${enc(id)}/card`, { blob: true });
}
export async function uploadMedia(
  id: string,
  input: { file: File; level: number; category: string },
): Promise<StudioMediaView> {
  const form = new FormData();
  // The fields go before the file: the server reads them as the file starts.
  form.append('level', String(input.level));
  form.append('category', input.category);
  form.append('file', input.file);
  return (await api.post<{ data: StudioMediaView }>(`/admin/bots/${enc(id)}/media`, form)).data;
}
export async function setMediaLevel(id: string, mediaId: string, level: number): Promise<StudioMediaView> {
  return (
    await api.request<{ data: StudioMediaView }>(`/admin/bots/${enc(id)}/media/${enc(mediaId)}`, {
      method: 'PATCH',
      body: { level },
    })
  ).data;
}
export async function deleteMedia(id: string, mediaId: string): Promise<void> {
  await api.request(`/admin/bots/${enc(id)}/media/${enc(mediaId)}`, { method: 'DELETE' });
}
