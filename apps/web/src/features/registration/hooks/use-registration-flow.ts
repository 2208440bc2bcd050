import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../../components/ui/toast-store.ts';
import { restoreSession, startSession } from '../../auth/session.ts';
import { useAuthStore } from '../../auth/store.ts';
import { exchangeRegistrationToken } from '../api/registration-api.ts';
import {
  clearRegistrationFlags,
  hasRegistrationFlag,
  markRegistrationArrival,
  markRegistrationPaywallShown,
  registrationPaywallPending,
  registrationRedirect,
} from '../registration-flag.ts';

const exchanged = new Set<string>();

/**
 * SPEC §2/§4/§8: a `registration_token` in any URL is exchanged for a session ('Failed to exchange
 * token' when it cannot be); a New user who arrived that way is sent to /paywall once; Paid clears
 * the flags.
 */
export function useRegistrationFlow(): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const registrationToken = params.get('registration_token');
  const user = useAuthStore((s) => s.user);
  const status = useAuthStore((s) => s.status);

  useEffect(() => {
    if (!registrationToken || exchanged.has(registrationToken)) return;
    exchanged.add(registrationToken);
    void (async () => {
      await restoreSession();
      try {
        const res = await exchangeRegistrationToken(registrationToken);
        startSession({ accessToken: res.token, user: res.user });
        markRegistrationArrival();
      } catch {
        showToast(t('registration.exchangeFailed'), 'error');
      }
      setParams(
        (p) => {
          p.delete('registration_token');
          return p;
        },
        { replace: true },
      );
    })();
  }, [registrationToken, setParams, t]);

  useEffect(() => {
    if (status !== 'ready' || !user) return;
    if (user.status === 'Paid') {
      if (hasRegistrationFlag()) clearRegistrationFlags();
      return;
    }
    const target = registrationRedirect({
      status: user.status,
      pathname: location.pathname,
      pending: registrationPaywallPending(),
    });
    if (target) {
      markRegistrationPaywallShown();
      void navigate(target, { replace: true });
    } else if (registrationPaywallPending() && location.pathname.startsWith('/paywall')) {
      markRegistrationPaywallShown();
    }
  }, [status, user, location.pathname, navigate]);
}
