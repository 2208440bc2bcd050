import { create } from 'zustand';

type WalletUiState = {
  noTokensOpen: boolean;
  openNoTokens: () => void;
  closeNoTokens: () => void;
};

export const useWalletUiStore = create<WalletUiState>()((set) => ({
  noTokensOpen: false,
  openNoTokens: () => set({ noTokensOpen: true }),
  closeNoTokens: () => set({ noTokensOpen: false }),
}));

export function openNoTokens(): void {
  useWalletUiStore.getState().openNoTokens();
}
