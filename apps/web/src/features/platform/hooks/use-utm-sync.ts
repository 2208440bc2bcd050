import { useEffect } from 'react';
import { useAuthStore } from '../../auth/store.ts';
import { sendUtm } from '../api/platform-api.ts';
import { captureUtm, markUtmSent, pendingUtm } from '../utm.ts';

/** Keeps the landing URL's campaign parameters and sends them once the user is known (SPEC §2). */
export function useUtmSync(): void {
  const userId = useAuthStore((s) => s.user?._id ?? null);
  useEffect(() => {
    captureUtm(window.location.search);
  }, []);
  useEffect(() => {
    if (!userId) return;
    const body = pendingUtm(userId);
    if (!body) return;
    sendUtm(body)
      .then(() => markUtmSent(userId))
      .catch(() => undefined);
  }, [userId]);
}
