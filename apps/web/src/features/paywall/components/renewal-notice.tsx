import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AlertBanner } from '../../../components/ui/alert-banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { useLastSubscription } from '../hooks/use-subscription.ts';
import styles from './paywall.module.css';

const DISMISSED_KEY = 'amora.renewalBanner.dismissed';
const ALERT_KEY = 'amora.renewalAlert.shown';

function readDismissed(): string[] {
  try {
    const v: unknown = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Checkout pages never show the banner (SPEC §2). */
export const isCheckoutPath = (path: string) =>
  path.startsWith('/paywall/checkout') || path.startsWith('/paywall/card');

/**
 * A failed renewal (access NO_REBIL): the alert once per session, and the warning banner with a
 * button back to checkout on every page except checkout, dismissable per page (SPEC §2, §8).
 */
export function RenewalNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const failing = useAuthStore((s) => s.user?.access === 'NO_REBIL');
  const last = useLastSubscription();
  const [dismissed, setDismissed] = useState<string[]>(readDismissed);
  const [alertOpen, setAlertOpen] = useState(() => sessionStorage.getItem(ALERT_KEY) !== '1');

  if (!failing) return null;
  const update = async () => {
    // Right after a page load the banner (from the user) can show before the subscription has
    // loaded: wait for it rather than send the user to the plain paywall they may already be on.
    const planId = last.data?.planId ?? (await last.refetch()).data?.planId;
    await navigate(planId ? `/paywall/checkout?plan=${encodeURIComponent(planId)}` : '/paywall');
  };
  const closeAlert = () => {
    sessionStorage.setItem(ALERT_KEY, '1');
    setAlertOpen(false);
  };
  const showBanner = !isCheckoutPath(pathname) && !dismissed.includes(pathname);

  return (
    <>
      {showBanner ? (
        <div className={styles.bannerSlot}>
          <AlertBanner
            kind="warning"
            testId="renewal-banner"
            title={t('paywall.renewalFailedTitle')}
            description={t('paywall.renewalFailedText')}
            actionLabel={t('paywall.retryCheckout')}
            onAction={() => void update()}
            onClose={() => {
              const next = [...dismissed, pathname];
              sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
              setDismissed(next);
            }}
          />
        </div>
      ) : null}
      <Dialog
        open={alertOpen && !isCheckoutPath(pathname)}
        onClose={closeAlert}
        title={t('paywall.renewalFailedTitle')}
        description={t('paywall.renewalFailedText')}
        testId="renewal-alert"
      >
        <div className={styles.actions}>
          <Button
            block
            size="lg"
            onClick={() => {
              closeAlert();
              void update();
            }}
          >
            {t('paywall.update')}
          </Button>
          <Button block variant="ghost" onClick={closeAlert}>
            {t('common.close')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
