import type {
  AccountSettings,
  AccountStatus,
  LegalDoc,
  LegalText,
  OutboxMail,
  Receipt,
  Report,
  ReportBody,
  ReportStatus,
} from '@amora/shared/account.ts';
import { api } from '../../../lib/api-client.ts';

export const accountKeys = {
  status: () => ['account', 'status'] as const,
  receipts: () => ['account', 'receipts'] as const,
  receipt: (id: string) => ['account', 'receipts', id] as const,
  legal: (doc: LegalDoc, language: string) => ['legal', doc, language] as const,
  adminSettings: () => ['admin', 'account-settings'] as const,
  adminOutbox: () => ['admin', 'outbox'] as const,
  adminReports: (status: ReportStatus | 'all') => ['admin', 'reports', status] as const,
};

export const fetchAccountStatus = (signal?: AbortSignal) => api.get<AccountStatus>('/account', { signal });
export const resendVerification = () => api.post<{ ok: true }>('/account/verify-email/resend');
export const confirmEmailLink = (token: string) =>
  api.post<{ kind: 'verify' | 'email_change'; email: string }>('/account/verify-email', { token });
export const changePassword = (currentPassword: string, newPassword: string) =>
  api.post<{ accessToken: string }>('/account/password', { currentPassword, newPassword });
export const changeEmail = (newEmail: string, currentPassword: string) =>
  api.post<{ ok: true }>('/account/email', { newEmail, currentPassword });
export const exportMyData = () =>
  api.get<Record<string, unknown> & { exportedAt: string }>('/account/export');
export const deleteChat = (chatId: string) =>
  api.request<void>(`/chat/${encodeURIComponent(chatId)}`, { method: 'DELETE' });
export const fetchReceipts = (signal?: AbortSignal) =>
  api.get<{ data: Receipt[] }>('/payment/receipts', { signal }).then((r) => r.data);
export const fetchReceipt = (id: string, signal?: AbortSignal) =>
  api.get<{ data: Receipt }>(`/payment/receipts/${encodeURIComponent(id)}`, { signal }).then((r) => r.data);
export const fetchLegal = (doc: LegalDoc, language: 'en' | 'ru', signal?: AbortSignal) =>
  api.get<LegalText>(`/legal/${doc}`, { query: { language }, signal });
export const sendReport = (body: ReportBody) => api.post<{ _id: string }>('/reports', body);

export const fetchAccountSettings = (signal?: AbortSignal) =>
  api.get<AccountSettings>('/admin/account-settings', { signal });
export const saveAccountSettings = (body: Partial<AccountSettings>) =>
  api.request<AccountSettings>('/admin/account-settings', { method: 'PUT', body });
export const fetchOutbox = (signal?: AbortSignal) =>
  api.get<{ data: OutboxMail[]; smtp: boolean }>('/admin/outbox', { signal });
export const fetchReports = (status: ReportStatus | 'all', signal?: AbortSignal) =>
  api
    .get<{ data: Report[] }>('/admin/reports', {
      query: { status: status === 'all' ? undefined : status },
      signal,
    })
    .then((r) => r.data);
export const setReportStatus = (id: string, status: ReportStatus) =>
  api.request<{ _id: string; status: ReportStatus }>(`/admin/reports/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { status },
  });
export const saveLegal = (doc: LegalDoc, language: 'en' | 'ru', markdown: string | null) =>
  api.request<LegalText>(`/admin/legal/${doc}`, { method: 'PUT', body: { language, markdown } });

/** Saves `data` as a JSON file through the browser (no server round trip for the file itself). */
export function saveJsonFile(data: unknown, filename: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A price in minor units, in the reader's language. */
export function formatMoney(amount: number, currency: string, language: string): string {
  if (currency === 'XTR') return `${amount} ⭐`;
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount / 100);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency}`;
  }
}
