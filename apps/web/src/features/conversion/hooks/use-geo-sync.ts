import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuthStore } from '../../auth/store.ts';
import { conversionKeys, sendGeo } from '../api/conversion-api.ts';

const TRIED_KEY = 'amora.geo.tried';

/**
 * SPEC §7: `POST /api/user/geo` when the user has no geo yet. The server looks the connection's
 * address up offline; the tier it sets changes the prices. Tried once per user per browser session
 * (an address the database cannot place stays without a country).
 */
export function useGeoSync(): void {
  const queryClient = useQueryClient();
  const userId = useAuthStore((s) => s.user?._id ?? null);
  const country = useAuthStore((s) => s.user?.geo.country ?? null);
  useEffect(() => {
    if (!userId || country) return;
    const key = `${TRIED_KEY}.${userId}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    const isExpat = readExpat();
    sendGeo(isExpat ? { isExpat: isExpat === 'true' } : {})
      .then(({ geo }) => {
        const { user, setUser } = useAuthStore.getState();
        if (user?._id === userId) setUser({ ...user, geo });
        void queryClient.invalidateQueries({ queryKey: conversionKeys.all });
      })
      .catch(() => undefined);
  }, [userId, country, queryClient]);
}

/** The landing URL's `expat` value kept with the campaign parameters (features/platform/utm.ts). */
function readExpat(): 'true' | 'false' | undefined {
  try {
    const raw = localStorage.getItem('amora.utm');
    const v = raw ? (JSON.parse(raw) as { isExpat?: unknown }).isExpat : undefined;
    return v === 'true' || v === 'false' ? v : undefined;
  } catch {
    return undefined;
  }
}
