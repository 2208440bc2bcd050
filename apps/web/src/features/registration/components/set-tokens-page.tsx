import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { fetchUser } from '../../auth/api/auth-api.ts';
import { restoreSession, startSession } from '../../auth/session.ts';
import { useAuthStore } from '../../auth/store.ts';
import { adoptRefreshToken, previewLoginCode } from '../api/registration-api.ts';
import { markRegistrationArrival } from '../registration-flag.ts';

type Switch = { current: string; target: string; resolve: (yes: boolean) => void };

/**
 * /set-tokens?token=…&refreshToken=… (SPEC §2): a landing page that exchanged a registration token
 * hands the session over; we keep it, load the user and go home. `refreshToken` is a one-time login
 * code (two minutes, once; decision 038). When someone else is signed in here, the page names the
 * account and asks before switching, so a link cannot quietly sign a visitor into another account.
 */
export function SetTokensPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const started = useRef(false);
  const [ask, setAsk] = useState<Switch | null>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    const code = params.get('refreshToken');
    const confirmSwitch = (current: string, target: string) =>
      new Promise<boolean>((resolve) => setAsk({ current, target, resolve }));
    void (async () => {
      // A session restored from an older cookie must not land on top of the one handed over here.
      await restoreSession();
      const signedIn = useAuthStore.getState().user;
      try {
        if (!token && !code) throw new Error('no tokens');
        let accessToken: string;
        if (code) {
          const { user: target } = await previewLoginCode(code);
          if (signedIn && signedIn._id !== target._id) {
            const yes = await confirmSwitch(signedIn.email ?? '', target.email);
            setAsk(null);
            if (!yes) {
              void navigate('/', { replace: true });
              return;
            }
          }
          accessToken = (await adoptRefreshToken(code)).accessToken;
        } else {
          // A bare access token cannot be named or used up: it never replaces a signed-in session.
          if (signedIn) {
            void navigate('/', { replace: true });
            return;
          }
          accessToken = token!;
        }
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

  if (ask)
    return (
      <Dialog
        open
        onClose={() => ask.resolve(false)}
        title={t('switchAccount.title')}
        description={t('switchAccount.text', { target: ask.target, current: ask.current })}
        testId="switch-account-dialog"
      >
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 24 }}>
          <Button block onClick={() => ask.resolve(true)} data-testid="switch-account-confirm">
            {t('switchAccount.confirm', { target: ask.target })}
          </Button>
          <Button block variant="ghost" onClick={() => ask.resolve(false)} data-testid="switch-account-stay">
            {t('switchAccount.stay', { current: ask.current })}
          </Button>
        </div>
      </Dialog>
    );
  return <PageSpinner label={t('registration.signingIn')} />;
}
