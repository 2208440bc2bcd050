import type { PushKeyResponse, PushSubscribeResponse, PushSubscriptionBody } from '@amora/shared/push.ts';
import { api } from '../../../lib/api-client.ts';

export function fetchPushKey(): Promise<PushKeyResponse> {
  return api.get<PushKeyResponse>('/push/key');
}

export function savePushSubscription(subscription: PushSubscriptionBody): Promise<PushSubscribeResponse> {
  return api.post<PushSubscribeResponse>('/push/subscribe', subscription);
}

export function deletePushSubscription(endpoint: string): Promise<PushSubscribeResponse> {
  return api.request<PushSubscribeResponse>('/push/subscribe', { method: 'DELETE', body: { endpoint } });
}
