import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { rememberReturnPath } from '../../lib/popup.ts';
import { useAuthStore } from '../../features/auth/store.ts';

/**
 * Protected pages send a guest home with the sign-in popup, unless a registration_token is present.
 * A signed-in visitor whose user has not loaded yet waits for it.
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const status = useAuthStore((s) => s.status);
  const hasUser = useAuthStore((s) => s.user !== null);
  const signedIn = useAuthStore((s) => s.accessToken !== null);
  const [params] = useSearchParams();
  const location = useLocation();

  if (status === 'restoring') return <PageSpinner label={t('common.loading')} />;
  // Signed in, but loading the user failed: it is tried again every 10 s (SPEC §8), so wait here
  // rather than send the visitor home as if signed out.
  if (!hasUser && signedIn) return <PageSpinner label={t('common.loading')} />;
  if (!hasUser && !params.has('registration_token')) {
    return <GuestRedirect from={location.pathname + location.search} />;
  }
  return <Outlet />;
}

function GuestRedirect({ from }: { from: string }) {
  useEffect(() => rememberReturnPath(from), [from]);
  return <Navigate to="/?popup=sign-in" replace />;
}
