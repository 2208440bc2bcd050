import type {
  CheckoutResponse,
  PaymentMethodsResponse,
  PaymentProviderName,
  PaymentStatusResponse,
} from '@amora/shared/payments.ts';
import type {
  RenewalRetryResponse,
  SubscriptionLastResponse,
  SubscriptionView,
} from '@amora/shared/subscriptions.ts';
import type { User } from '@amora/shared/user.ts';
import { api } from '../../../lib/api-client.ts';

export const paymentKeys = {
  status: (id: string) => ['payment', 'status', id] as const,
  methods: ['payment', 'methods'] as const,
};

export function purchasePack(packId: string, provider?: PaymentProviderName): Promise<CheckoutResponse> {
  return api.post<CheckoutResponse>('/payment/purchase', { packId, ...(provider ? { provider } : {}) });
}

/** What this server takes payments with (providers, Telegram Stars, crypto). */
export function fetchPaymentMethods(signal?: AbortSignal): Promise<PaymentMethodsResponse> {
  return api.get<PaymentMethodsResponse>('/payment/methods', { signal });
}

export function fetchPaymentStatus(id: string, signal?: AbortSignal): Promise<PaymentStatusResponse> {
  return api.get<PaymentStatusResponse>(`/payment/status/${encodeURIComponent(id)}`, { signal });
}

export function fetchMe(): Promise<{ user: User }> {
  return api.get<{ user: User }>('/user');
}

export const subscriptionKeys = { last: ['subscription', 'last'] as const };

export function subscribePlan(planId: string, provider?: PaymentProviderName): Promise<CheckoutResponse> {
  return api.post<CheckoutResponse>('/payment/subscribe', { planId, ...(provider ? { provider } : {}) });
}

export function fetchLastSubscription(signal?: AbortSignal): Promise<SubscriptionLastResponse> {
  return api.get<SubscriptionLastResponse>('/user/subscription/last', { signal });
}

export function cancelSubscription(): Promise<{ subscription: SubscriptionView }> {
  return api.post<{ subscription: SubscriptionView }>('/payment/subscription/cancel');
}

/** `/delete-card` (SPEC §7): the processor forgets the saved card. */
export function deleteCard(): Promise<{ subscription: SubscriptionView | null }> {
  return api.post<{ subscription: SubscriptionView | null }>('/user/delete-card');
}

export function retryRenewal(): Promise<RenewalRetryResponse> {
  return api.post<RenewalRetryResponse>('/payment/subscription/retry');
}
