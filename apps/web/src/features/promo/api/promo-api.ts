import type { PendingDiscountResponse, PromoApplyResponse } from '@amora/shared/promo.ts';
import { api } from '../../../lib/api-client.ts';

export const promoKeys = { discount: ['promo', 'discount'] as const };

export function applyPromoCode(code: string): Promise<PromoApplyResponse> {
  return api.post<PromoApplyResponse>('/promocode/apply', { code });
}

export function fetchPendingDiscount(signal?: AbortSignal): Promise<PendingDiscountResponse> {
  return api.get<PendingDiscountResponse>('/promocode/discount', { signal });
}
