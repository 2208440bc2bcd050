import type { AvailableOffersResponse } from '@amora/shared/conversion.ts';
import { useQuery } from '@tanstack/react-query';
import { useAuthStore } from '../../auth/store.ts';
import { conversionKeys, fetchAvailableOffers } from '../api/conversion-api.ts';

const NONE: AvailableOffersResponse = { offers: {}, leaveDiscount: null };

/** The offers the server lets this visitor see now (a guest's or the signed-in user's). */
export function useConversionOffers(): AvailableOffersResponse & { isReady: boolean } {
  const userId = useAuthStore((s) => s.user?._id ?? null);
  const status = useAuthStore((s) => s.status);
  const q = useQuery({
    queryKey: conversionKeys.available(userId),
    queryFn: ({ signal }) => fetchAvailableOffers(signal),
    enabled: status === 'ready',
    staleTime: 30_000,
  });
  return { ...(q.data ?? NONE), isReady: q.isSuccess };
}
