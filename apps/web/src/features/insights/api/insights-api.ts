import type { KpiResponse, PartnerStatsResponse } from '@amora/shared/insights.ts';
import { api } from '../../../lib/api-client.ts';

export type DateRange = { from: string; to: string };

export const insightsKeys = {
  kpis: (r: DateRange) => ['admin', 'kpis', r.from, r.to] as const,
  partner: (r: DateRange) => ['partner', 'stats', r.from, r.to] as const,
};

export function fetchKpis(r: DateRange, signal?: AbortSignal): Promise<KpiResponse> {
  return api.get<KpiResponse>('/admin/kpis', { query: r, signal });
}

export function fetchPartnerStats(r: DateRange, signal?: AbortSignal): Promise<PartnerStatsResponse> {
  return api.get<PartnerStatsResponse>('/partner/stats', { query: r, signal });
}

const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The last `days` UTC days up to today. */
export function lastDays(days: number, now = Date.now()): DateRange {
  return { from: isoDay(now - (days - 1) * DAY_MS), to: isoDay(now) };
}
