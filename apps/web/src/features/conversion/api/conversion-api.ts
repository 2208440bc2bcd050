import type {
  AvailableOffersResponse,
  ConversionOfferId,
  ConversionSettings,
  LeaveDiscount,
  MysteryBoxResultResponse,
} from '@amora/shared/conversion.ts';
import type { CheckoutResponse } from '@amora/shared/payments.ts';
import type { GeoBody } from '@amora/shared/payments.ts';
import { api } from '../../../lib/api-client.ts';

export const conversionKeys = {
  all: ['conversion'] as const,
  available: (userId: string | null) => ['conversion', 'available', userId ?? 'guest'] as const,
  box: (paymentId: string) => ['conversion', 'box', paymentId] as const,
  admin: ['admin', 'conversion'] as const,
};

export function fetchAvailableOffers(signal?: AbortSignal): Promise<AvailableOffersResponse> {
  return api.get<AvailableOffersResponse>('/offers', { signal });
}

export function markOfferSeen(
  offer: ConversionOfferId,
  event: 'shown' | 'dismissed',
): Promise<{ ok: true; leaveDiscount: LeaveDiscount | null }> {
  return api.post(`/offers/${offer}/seen`, { event });
}

export function buyMysteryBox(): Promise<CheckoutResponse> {
  return api.post<CheckoutResponse>('/offers/mystery-box/buy', {});
}

export function fetchMysteryBox(paymentId: string, signal?: AbortSignal): Promise<MysteryBoxResultResponse> {
  return api.get<MysteryBoxResultResponse>(`/offers/mystery-box/${encodeURIComponent(paymentId)}`, {
    signal,
  });
}

export function sendGeo(body: GeoBody): Promise<{ geo: { country: string | null; tier: number } }> {
  return api.post('/user/geo', body);
}

export async function fetchConversionSettings(signal?: AbortSignal): Promise<ConversionSettings> {
  return (await api.get<{ settings: ConversionSettings }>('/admin/conversion', { signal })).settings;
}

export async function saveConversionSettings(value: unknown): Promise<ConversionSettings> {
  return (
    await api.request<{ settings: ConversionSettings }>('/admin/conversion', { method: 'PUT', body: value })
  ).settings;
}
