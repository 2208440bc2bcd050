import type { WalletResponse } from '@amora/shared/wallet.ts';
import { api } from '../../../lib/api-client.ts';

export const walletKeys = { all: ['wallet'] as const };

export function fetchWallet(signal?: AbortSignal): Promise<WalletResponse> {
  return api.get<WalletResponse>('/wallet', { signal });
}
