import type { Bot } from '@amora/shared/bots.ts';
import type { BotFilter } from '@amora/shared/enums.ts';
import { api } from '../../../lib/api-client.ts';

export const botKeys = {
  all: ['bots'] as const,
  list: (type: BotFilter) => ['bots', 'list', type] as const,
};

export function fetchBots(type: BotFilter, signal?: AbortSignal): Promise<{ data: Bot[] }> {
  return api.get<{ data: Bot[] }>('/bots', { query: { type }, signal });
}
