import { isFinalPaymentStatus } from '@amora/shared/payments.ts';
import { useQuery } from '@tanstack/react-query';
import { fetchPaymentStatus, paymentKeys } from '../api/payments-api.ts';

/** A payment's status, polled every second while it is pending (webhooks arrive asynchronously). */
export function usePaymentStatus(paymentId: string | null) {
  return useQuery({
    queryKey: paymentKeys.status(paymentId ?? ''),
    queryFn: ({ signal }) => fetchPaymentStatus(paymentId!, signal),
    enabled: Boolean(paymentId),
    refetchInterval: (q) => (q.state.data && isFinalPaymentStatus(q.state.data.status) ? false : 1000),
    retry: 2,
  });
}
