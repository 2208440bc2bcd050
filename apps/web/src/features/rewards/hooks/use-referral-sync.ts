import { useEffect } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../auth/store.ts';
import { joinReferral } from '../api/rewards-api.ts';
import { captureReferral, forgetReferral, pendingReferral } from '../referral.ts';

/** Keeps the landing URL's `?ref=` code and names the inviter once the user is known (after sign-up). */
export function useReferralSync(): void {
  const userId = useAuthStore((s) => s.user?._id ?? null);
  useEffect(() => {
    captureReferral(window.location.search);
  }, []);
  useEffect(() => {
    if (!userId) return;
    const code = pendingReferral();
    if (!code) return;
    joinReferral(code)
      .then(forgetReferral)
      .catch((err: unknown) => {
        // A refusal (unknown code, own code, too late, already invited) is final; a network error is not.
        if (isApiError(err) && err.statusCode >= 400 && err.statusCode < 500) forgetReferral();
      });
  }, [userId]);
}
