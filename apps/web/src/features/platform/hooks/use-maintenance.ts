import { useQuery } from '@tanstack/react-query';
import { fetchMaintenance } from '../api/platform-api.ts';

/** SPEC §7: polled every 5 minutes. */
export const MAINTENANCE_POLL_MS = 5 * 60 * 1000;

/** True while the server says it is under maintenance; a failed check means no maintenance (SPEC §8). */
export function useMaintenance(): boolean {
  const { data } = useQuery({
    queryKey: ['maintenance'],
    queryFn: async ({ signal }) => {
      try {
        return (await fetchMaintenance(signal)).data.maintenance;
      } catch {
        return false;
      }
    },
    refetchInterval: MAINTENANCE_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: MAINTENANCE_POLL_MS,
    retry: false,
  });
  return data ?? false;
}
