import type { AiStatus } from '@amora/shared/ai-status.ts';
import { api } from '../../../lib/api-client.ts';
import { chatKeys } from './chats-api.ts';

/** Under the chats key, so a socket reconnect (which refreshes every chat query) refreshes it too. */
export const aiStatusKey = [...chatKeys.all, 'ai-status'] as const;

export function fetchAiStatus(signal?: AbortSignal): Promise<{ data: AiStatus }> {
  return api.get<{ data: AiStatus }>('/chat/ai-status', { signal });
}
