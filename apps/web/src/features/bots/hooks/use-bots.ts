import type { Bot } from '@amora/shared/bots.ts';
import type { BotFilter } from '@amora/shared/enums.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { botKeys, fetchBots } from '../api/bots-api.ts';

export function useBots(type: BotFilter) {
  return useQuery<Bot[], Error, Bot[], ReturnType<typeof botKeys.list>>({
    queryKey: botKeys.list(type),
    queryFn: ({ signal }) => fetchBots(type, signal).then((r) => r.data),
    staleTime: 5 * 60_000,
    // Keep the previous filter's cards on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
