import { useQuery } from '@tanstack/react-query';
import { useIsSignedIn } from '../../auth/store.ts';
import { fetchLastSubscription, subscriptionKeys } from '../api/payments-api.ts';

/** The caller's latest subscription (SPEC §8: the fetch is retried once). */
export function useLastSubscription() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: subscriptionKeys.last,
    queryFn: ({ signal }) => fetchLastSubscription(signal).then((r) => r.subscription),
    enabled: signedIn,
    retry: 1,
    staleTime: 30_000,
  });
}
