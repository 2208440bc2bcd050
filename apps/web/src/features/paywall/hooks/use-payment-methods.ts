import { useQuery } from '@tanstack/react-query';
import { telegramWebApp } from '../../telegram/telegram.ts';
import { fetchPaymentMethods, paymentKeys } from '../api/payments-api.ts';

/** How this server takes payments (GET /api/payment/methods); rarely changes. */
export function usePaymentMethods() {
  return useQuery({
    queryKey: paymentKeys.methods,
    queryFn: ({ signal }) => fetchPaymentMethods(signal),
    staleTime: 5 * 60_000,
  });
}

/**
 * Inside the Telegram mini app, on a server with Telegram Stars enabled, purchases are paid in
 * Stars (SPEC §6: the Telegram platform sees price_tg) through Telegram's own invoice sheet.
 */
export function usePaysWithStars(): boolean {
  const methods = usePaymentMethods();
  return Boolean(telegramWebApp()?.openInvoice && methods.data?.stars);
}
