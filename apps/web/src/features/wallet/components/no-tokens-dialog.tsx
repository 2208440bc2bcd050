import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { CoinIcon } from '../../../components/ui/icons.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { useWalletUiStore } from '../store.ts';
import { UpsellList } from '../../conversion/components/upsell-list.tsx';
import styles from './no-tokens-dialog.module.css';

function isSubscribed(subscription: { status: string; endDate: string | null } | undefined): boolean {
  if (!subscription || subscription.status !== 'active') return false;
  if (!subscription.endDate) return true;
  return new Date(subscription.endDate).toISOString().slice(0, 10) >= new Date().toISOString().slice(0, 10);
}

/** The paywall / no-tokens modal (SPEC §6): different words with and without a subscription. */
export function NoTokensDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useWalletUiStore((s) => s.noTokensOpen);
  const close = useWalletUiStore((s) => s.closeNoTokens);
  const subscribed = useAuthStore((s) => isSubscribed(s.user?.subscription));

  const go = (to: string) => {
    close();
    void navigate(to);
  };

  // SPEC §6: with a subscription she is simply out of tokens; without one, the way out is to unlock
  // more models with tokens or to chat without limits on a plan.
  return (
    <Dialog
      open={open}
      onClose={close}
      title={subscribed ? t('noTokens.title') : t('noTokens.unlockTitle')}
      description={subscribed ? t('noTokens.subscribedText') : t('noTokens.text')}
      testId="no-tokens-dialog"
    >
      <div className={styles.coin} aria-hidden="true">
        <CoinIcon size={64} />
      </div>
      <UpsellList />
      <div className={styles.actions} data-variant={subscribed ? 'subscribed' : 'free'}>
        {subscribed ? (
          <Button block size="lg" onClick={() => go('/paywall#paywall-packs')}>
            {t('noTokens.getTokens')}
          </Button>
        ) : (
          <>
            <Button block size="lg" onClick={() => go('/paywall#paywall-packs')}>
              {t('noTokens.perkModels')}
            </Button>
            <Button block size="lg" variant="secondary" onClick={() => go('/paywall#paywall-plans')}>
              {t('noTokens.perkUnlimited')}
            </Button>
          </>
        )}
        <Button block variant="ghost" onClick={close}>
          {t('noTokens.later')}
        </Button>
      </div>
    </Dialog>
  );
}
