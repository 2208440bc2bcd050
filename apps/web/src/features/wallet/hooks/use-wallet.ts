import { useQuery } from '@tanstack/react-query';
import { fetchWallet, walletKeys } from '../api/wallet-api.ts';

export function useWallet() {
  return useQuery({ queryKey: walletKeys.all, queryFn: ({ signal }) => fetchWallet(signal) });
}
