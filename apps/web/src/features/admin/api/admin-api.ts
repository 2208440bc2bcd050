import type {
  AdminPromoCodesResponse,
  AdminUsersResponse,
  BanResponse,
  RegistrationTokensResponse,
} from '@amora/shared/admin.ts';
import type { Message } from '@amora/shared/chat.ts';
import type { RoleBody, RoleResponse } from '@amora/shared/insights.ts';
import type { MaintenanceResponse, SupportConversation, ThemeEvent } from '@amora/shared/platform.ts';
import type { CreatePromoCodeBody } from '@amora/shared/promo.ts';
import type {
  CreateRegistrationTokenBody,
  CreateRegistrationTokenResponse,
} from '@amora/shared/registration.ts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/**
 * The operator console's calls (admin role). New support messages are picked up by polling
 * (docs/decisions/021): the inbox and the open conversation refetch every few seconds.
 */
export const INBOX_POLL_MS = 4000;
export const THREAD_POLL_MS = 3000;
export const HALLOWEEN_EVENT = 'halloween';

export const adminKeys = {
  all: ['admin'] as const,
  inbox: () => ['admin', 'support', 'inbox'] as const,
  thread: (chatId: string) => ['admin', 'support', 'thread', chatId] as const,
  users: (q: string) => ['admin', 'users', q] as const,
  maintenance: () => ['admin', 'maintenance'] as const,
  themeEvent: (name: string) => ['admin', 'theme-event', name] as const,
  registrationTokens: () => ['admin', 'registration-tokens'] as const,
  promoCodes: () => ['admin', 'promo-codes'] as const,
};

export type SupportThread = SupportConversation & { messages: Message[] };

export async function fetchInbox(signal?: AbortSignal): Promise<SupportConversation[]> {
  return (await api.get<{ data: SupportConversation[] }>('/admin/support', { signal })).data;
}

export async function fetchThread(chatId: string, signal?: AbortSignal): Promise<SupportThread> {
  return (await api.get<{ data: SupportThread }>(`/admin/support/${encodeURIComponent(chatId)}`, { signal }))
    .data;
}

export async function sendReply(chatId: string, message: string): Promise<Message> {
  return (
    await api.post<{ message: Message }>(`/admin/support/${encodeURIComponent(chatId)}/reply`, { message })
  ).message;
}

export async function searchUsers(q: string, signal?: AbortSignal): Promise<AdminUsersResponse['data']> {
  return (await api.get<AdminUsersResponse>('/admin/users', { query: { q }, signal })).data;
}

export function banUser(userId: string, reason: string): Promise<BanResponse> {
  return api.post<BanResponse>(`/admin/users/${encodeURIComponent(userId)}/ban`, { reason });
}

export function unbanUser(userId: string): Promise<BanResponse> {
  return api.post<BanResponse>(`/admin/users/${encodeURIComponent(userId)}/unban`);
}

export async function fetchMaintenance(signal?: AbortSignal): Promise<boolean> {
  return (await api.get<MaintenanceResponse>('/settings/maintenance', { signal })).data.maintenance;
}

export async function setMaintenance(maintenance: boolean): Promise<boolean> {
  return (
    await api.request<MaintenanceResponse>('/admin/maintenance', { method: 'PUT', body: { maintenance } })
  ).data.maintenance;
}

export async function fetchThemeEvent(name: string, signal?: AbortSignal): Promise<ThemeEvent> {
  return (await api.get<{ event: ThemeEvent }>(`/themeEvents/event/${encodeURIComponent(name)}`, { signal }))
    .event;
}

export async function setThemeEvent(name: string, isActive: boolean): Promise<ThemeEvent> {
  return (
    await api.request<{ event: ThemeEvent }>(`/admin/themeEvents/event/${encodeURIComponent(name)}`, {
      method: 'PUT',
      body: { isActive },
    })
  ).event;
}

export type IssuedRegistrationToken = z.infer<typeof CreateRegistrationTokenResponse>;

export function createRegistrationToken(
  input: CreateRegistrationTokenBody,
): Promise<IssuedRegistrationToken> {
  return api.post<IssuedRegistrationToken>('/admin/registration-tokens', input);
}

export async function fetchRegistrationTokens(
  signal?: AbortSignal,
): Promise<RegistrationTokensResponse['data']> {
  return (await api.get<RegistrationTokensResponse>('/admin/registration-tokens', { signal })).data;
}

export function createPromoCode(input: CreatePromoCodeBody): Promise<unknown> {
  return api.post('/admin/promo-codes', input);
}

export async function fetchPromoCodes(signal?: AbortSignal): Promise<AdminPromoCodesResponse['data']> {
  return (await api.get<AdminPromoCodesResponse>('/admin/promo-codes', { signal })).data;
}

/** Sets a user's role; a partner is tied to the traffic of `partnerSource` (utm_source / affiliate_platform). */
export function setUserRole(userId: string, body: RoleBody): Promise<RoleResponse> {
  return api.request<RoleResponse>(`/admin/users/${encodeURIComponent(userId)}/role`, {
    method: 'PUT',
    body,
  });
}
