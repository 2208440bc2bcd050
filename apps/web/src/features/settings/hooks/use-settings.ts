import { DEFAULT_TOKEN_COSTS } from '@amora/shared/rules.ts';
import type { Settings, TokenCosts } from '@amora/shared/settings.ts';
import { useQuery } from '@tanstack/react-query';
import { fetchSettings, settingsKeys } from '../api/settings-api.ts';

export function useSettings() {
  return useQuery({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => fetchSettings(signal).then((r): Settings => r.data.settings),
    staleTime: 5 * 60_000,
  });
}

/** Token costs from settings; the seeded defaults until settings have loaded. */
export function useTokenCosts(): TokenCosts {
  const { data } = useSettings();
  return data?.tokens ?? DEFAULT_TOKEN_COSTS;
}
