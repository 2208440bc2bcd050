import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { fetchUser } from '../../auth/api/auth-api.ts';
import { restoreSession, startSession } from '../../auth/session.ts';
import { useAuthStore } from '../../auth/store.ts';
import { adoptRefreshToken } from '../api/registration-api.ts';
import { markRegistrationArrival } from '../registration-flag.ts';

/**
 * /set-tokens?token=…&refreshToken=… (SPEC §2): a landing page that exchanged a registration token
 * hands the session over; we keep it, load the user and go home.
 */
export function SetTokensPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    const refreshToken = params.get('refreshToken');
    void (async () => {
      // A session restored from an older cookie must not land on top of the one handed over here.
      await restoreSession();
      try {
        if (!token && !refreshToken) throw new Error('no tokens');
        const accessToken = refreshToken ? (await adoptRefreshToken(refreshToken)).accessToken : token!;
        useAuthStore.getState().setAccessToken(accessToken);
        const { user } = await fetchUser();
        startSession({ accessToken: useAuthStore.getState().accessToken ?? accessToken, user });
        markRegistrationArrival();
      } catch {
        showToast(t('registration.exchangeFailed'), 'error');
      }
      void navigate('/', { replace: true });
    })();
  }, [navigate, params, t]);

  return <PageSpinner label={t('registration.signingIn')} />;
}
