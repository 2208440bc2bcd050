import type { ThemeName } from '@amora/shared/platform.ts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

type ThemeState = { theme: ThemeName; setTheme: (theme: ThemeName) => void };

const THEMES: readonly ThemeName[] = ['default', 'halloween'];

/** Stored theme data without a (known) theme is migrated to default (SPEC §4). */
export function normaliseStoredTheme(stored: unknown): { theme: ThemeName } {
  const theme = stored && typeof stored === 'object' && 'theme' in stored ? stored.theme : null;
  return { theme: THEMES.includes(theme as ThemeName) ? (theme as ThemeName) : 'default' };
}

export const useThemeStore = create<ThemeState>()(
  persist((set) => ({ theme: 'default', setTheme: (theme) => set({ theme }) }), {
    name: 'amora.theme',
    version: 0,
    storage: createJSONStorage(() => localStorage),
    partialize: (s) => ({ theme: s.theme }),
    merge: (persisted, current) => ({ ...current, ...normaliseStoredTheme(persisted) }),
  }),
);
