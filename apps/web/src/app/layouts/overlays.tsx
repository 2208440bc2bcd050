import { AGE_COOKIE_NAME } from '@amora/shared/constants.ts';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { readCookie } from '../../lib/cookies.ts';
import { usePopup } from '../../lib/popup.ts';
import { useAuthStore } from '../../features/auth/store.ts';
import { useMaintenance } from '../../features/platform/hooks/use-maintenance.ts';
import { useLanguageChangedStore } from '../../features/user/language-changed-store.ts';
import { useWalletUiStore } from '../../features/wallet/store.ts';

/*
 * The shell's overlays are shown to few visitors, or late: each one's code (the sign-in form, the
 * ban appeal, the upsell list…) loads when its condition first holds, not with the first screen
 * (issue 13, docs/decisions/125). The conditions read the same stores the overlays read; an overlay
 * that is mounted still decides for itself whether its dialog is open.
 */
const AuthPopup = lazy(() =>
  import('../../features/auth/components/auth-popup.tsx').then((m) => ({ default: m.AuthPopup })),
);
const NoTokensDialog = lazy(() =>
  import('../../features/wallet/components/no-tokens-dialog.tsx').then((m) => ({
    default: m.NoTokensDialog,
  })),
);
const BanDialog = lazy(() =>
  import('../../features/user/components/ban-dialog.tsx').then((m) => ({ default: m.BanDialog })),
);
const LanguageChangedDialog = lazy(() =>
  import('../../features/user/components/language-changed-dialog.tsx').then((m) => ({
    default: m.LanguageChangedDialog,
  })),
);
const AgeGate = lazy(() =>
  import('../../features/age-gate/components/age-gate.tsx').then((m) => ({ default: m.AgeGate })),
);
const MaintenanceScreen = lazy(() =>
  import('../../features/platform/components/maintenance-screen.tsx').then((m) => ({
    default: m.MaintenanceScreen,
  })),
);
const RenewalNotice = lazy(() =>
  import('../../features/paywall/components/renewal-notice.tsx').then((m) => ({
    default: m.RenewalNotice,
  })),
);

function When({ show, children }: { show: boolean; children: ReactNode }) {
  return show ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The failed-renewal banner and alert (SPEC §2), for the users whose renewal failed. */
export function LazyRenewalNotice() {
  const failing = useAuthStore((s) => s.user?.access === 'NO_REBIL');
  return (
    <When show={failing}>
      <RenewalNotice />
    </When>
  );
}

/** The global dialogs and screens over every page, each loaded the first time it is wanted. */
export function Overlays() {
  const { authPopup } = usePopup();
  const noTokens = useWalletUiStore((s) => s.noTokensOpen);
  const banned = useAuthStore((s) => Boolean(s.user?.banned?.is));
  const languagePrompt = useLanguageChangedStore((s) => s.prompt !== null);
  const maintenance = useMaintenance();
  // SPEC §5: asked 1.5 s after the first load unless the age_verified cookie is set.
  const [askAge] = useState(() => readCookie(AGE_COOKIE_NAME) === null);
  return (
    <>
      <When show={authPopup !== null}>
        <AuthPopup />
      </When>
      <When show={noTokens}>
        <NoTokensDialog />
      </When>
      <When show={banned}>
        <BanDialog />
      </When>
      <When show={languagePrompt}>
        <LanguageChangedDialog />
      </When>
      <When show={askAge}>
        <AgeGate />
      </When>
      <When show={maintenance}>
        <MaintenanceScreen />
      </When>
    </>
  );
}
