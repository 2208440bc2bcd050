import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { usePopup } from '../../../lib/popup.ts';
import { useAfterAuth } from '../hooks/use-after-auth.ts';
import { useAuthStore } from '../store.ts';
import { AuthForm } from './auth-form.tsx';

/**
 * The sign-in / sign-up popup, opened over any page by `?popup=sign-in|sign-up`, or over the
 * character's profile by `?popup=selected-model&nested=sign-up`.
 */
export function AuthPopup() {
  const { t } = useTranslation();
  const { authPopup: popup, open, close } = usePopup();
  const signedIn = useAuthStore((s) => s.user !== null);
  const afterAuth = useAfterAuth();
  const location = useLocation();
  const isAuthPage = location.pathname.startsWith('/auth/');
  const mode = popup === 'sign-up' ? 'sign-up' : 'sign-in';
  const visible = popup !== null && !signedIn && !isAuthPage;

  return (
    <Dialog
      open={visible}
      onClose={close}
      title={mode === 'sign-up' ? t('auth.signUpTitle') : t('auth.signInTitle')}
      description={mode === 'sign-up' ? t('auth.signUpSubtitle') : t('auth.signInSubtitle')}
      size="sm"
      testId={mode === 'sign-up' ? 'sign-up-dialog' : 'sign-in-dialog'}
    >
      <AuthForm
        key={mode}
        mode={mode}
        onModeChange={(target) => open(target)}
        onSuccess={(user, authMode) => afterAuth(user, authMode, { fallback: close })}
        onNavigateAway={close}
      />
    </Dialog>
  );
}
