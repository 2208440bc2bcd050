import { create } from 'zustand';
import type { UiLanguage } from '../../lib/i18n.ts';

type LanguageChangedState = {
  /** The new interface language and the language the characters write in now; null when closed. */
  prompt: { language: UiLanguage; chatLanguage: string } | null;
  open: (language: UiLanguage, chatLanguage: string) => void;
  close: () => void;
};

export const useLanguageChangedStore = create<LanguageChangedState>()((set) => ({
  prompt: null,
  open: (language, chatLanguage) => set({ prompt: { language, chatLanguage } }),
  close: () => set({ prompt: null }),
}));
