import type { ThemeEvent } from '@amora/shared/platform.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client.ts';
import { useThemeStore } from './theme-store.ts';
import './halloween.css';

/** SPEC §7: the theme event is cached 5 minutes, with one retry. */
export const THEME_CACHE_MS = 5 * 60 * 1000;

/** Switches to the Halloween theme while the event is active, and back to default when it is not. */
export function useThemeEvent(): void {
  const theme = useThemeStore((s) => s.theme);
  const { data } = useQuery({
    queryKey: ['theme-event', 'halloween'],
    queryFn: ({ signal }) => api.get<{ event: ThemeEvent }>('/themeEvents/event/halloween', { signal }),
    staleTime: THEME_CACHE_MS,
    refetchInterval: THEME_CACHE_MS,
    retry: 1,
  });
  useEffect(() => {
    if (!data) return;
    useThemeStore.getState().setTheme(data.event.isActive ? 'halloween' : 'default');
  }, [data]);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}
