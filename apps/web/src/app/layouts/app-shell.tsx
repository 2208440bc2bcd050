import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatch } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { Toaster } from '../../components/ui/toaster.tsx';
import { SelectedModelPopup } from '../../features/bots/components/selected-model-popup.tsx';
import { useUtmSync } from '../../features/platform/hooks/use-utm-sync.ts';
import { useReferralSync } from '../../features/rewards/hooks/use-referral-sync.ts';
import { startPlatform } from '../../features/platform/start-platform.ts';
import { useTelegramShell } from '../../features/telegram/use-telegram.ts';
import { useThemeEvent } from '../../features/theme/use-theme-event.ts';
import { useRegistrationFlow } from '../../features/registration/hooks/use-registration-flow.ts';
import { useRealtime } from '../../features/chats/hooks/use-realtime.ts';
import { useChatParam } from '../../features/chats/hooks/use-chat-param.ts';
import { useActiveChatFollowsAddress } from '../../features/chats/hooks/use-chats.ts';
import { AgeReviewScreen } from '../../features/safety/components/age-review-screen.tsx';
import { useGeoSync } from '../../features/conversion/hooks/use-geo-sync.ts';
import { BottomNav } from './bottom-nav.tsx';
import { LazyRenewalNotice, Overlays } from './overlays.tsx';
import { TopBar } from './top-bar.tsx';
import styles from './app-shell.module.css';

/** Shown to few users: loaded with it (issue 13). */
const VpnWarning = lazy(() =>
  import('../../features/conversion/components/vpn-warning.tsx').then((m) => ({ default: m.VpnWarning })),
);

/**
 * The app-wide effects (socket, theme, registration, links with parameters). They read the user, the
 * chats and the address, so they live in a leaf of their own: a change they follow renders this
 * component, not the whole frame with its bars and overlays (issue 13, decision 196).
 */
function ShellEffects() {
  useEffect(() => {
    void startPlatform();
  }, []);
  useRealtime();
  useUtmSync();
  useReferralSync();
  useThemeEvent();
  useTelegramShell();
  useRegistrationFlow();
  useGeoSync();
  useChatParam();
  useActiveChatFollowsAddress();
  return null;
}

/** The page frame: top bar (desktop) or compact header and bottom navigation (phones), and the global overlays. */
export function AppShell() {
  const { t } = useTranslation();
  const inConversation = useMatch('/chat/:id') !== null;
  const inChats = useMatch('/chat/*') !== null;

  return (
    <div
      className={styles.shell}
      data-conversation={inConversation || undefined}
      data-chats={inChats || undefined}
    >
      <a href="#main" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      <TopBar />
      <main id="main" className={styles.main} tabIndex={-1}>
        <LazyRenewalNotice />
        <Suspense fallback={null}>
          <VpnWarning />
        </Suspense>
        <Suspense fallback={<PageSpinner label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <BottomNav />
      <SelectedModelPopup />
      <AgeReviewScreen />
      <Overlays />
      <Toaster />
      <ShellEffects />
    </div>
  );
}
