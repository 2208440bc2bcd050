import { formatTokens } from '@amora/shared/rules.ts';
import type { LedgerEntry } from '@amora/shared/wallet.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AlertIcon, CoinIcon } from '../../../components/ui/icons.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuthStore } from '../../auth/store.ts';
import { PromoCodeForm } from '../../promo/components/promo-code-form.tsx';
import { DailyRewards } from '../../rewards/components/daily-rewards.tsx';
import { InviteSection } from '../../rewards/components/invite-section.tsx';
import { SubscriptionStatus } from '../../paywall/components/subscription-status.tsx';
import { useWallet } from '../hooks/use-wallet.ts';
import styles from './wallet-page.module.css';
import { FortuneSoon } from '../../conversion/components/upsell-list.tsx';
import '../../../lib/pages-i18n.ts';

/** `/wallet`: the balance and the ledger, newest first. */
export function WalletPage() {
  const { t, i18n } = useTranslation();
  const wallet = useWallet();
  const userTokens = useAuthStore((s) => s.user?.tokens ?? 0);
  useDocumentTitle(t('titles.wallet'));

  // The ledger is the source of truth: keep the header balance in step with it.
  useEffect(() => {
    if (wallet.data) useAuthStore.getState().setTokens(wallet.data.tokens);
  }, [wallet.data]);

  const tokens = wallet.data?.tokens ?? userTokens;

  return (
    <div className={styles.page}>
      <h1 className={`${styles.title} display-font`}>{t('wallet.title')}</h1>
      <section className={styles.balance} aria-labelledby="wallet-balance-label">
        <span id="wallet-balance-label" className={styles.balanceLabel}>
          {t('wallet.balance')}
        </span>
        <span className={styles.balanceValue} data-testid="wallet-balance">
          <CoinIcon size={36} />
          {formatTokens(tokens)}
        </span>
        <span className={styles.balanceHint}>{t('wallet.hint')}</span>
        <Link
          to="/paywall"
          className={buttonClass('primary', 'lg', false, styles.buy)}
          data-testid="wallet-buy"
        >
          {t('wallet.buy')}
        </Link>
      </section>

      <DailyRewards />
      <Link
        to="/wallet/earnTokens"
        className={buttonClass('secondary', 'md', false, styles.earn)}
        data-testid="wallet-earn"
      >
        {t('rewards.earn.link')}
      </Link>

      <SubscriptionStatus />

      <PromoCodeForm />

      <InviteSection />
      <FortuneSoon />

      <section aria-labelledby="wallet-history">
        <h2 id="wallet-history" className={styles.subtitle}>
          {t('wallet.history')}
        </h2>
        {wallet.isPending ? (
          <ul className={styles.ledger} aria-hidden="true">
            {Array.from({ length: 4 }, (_, i) => (
              <li key={i} className={`${styles.skeleton} skeleton`} />
            ))}
          </ul>
        ) : wallet.isError ? (
          <EmptyState
            icon={<AlertIcon size={28} />}
            title={t('wallet.errorTitle')}
            text={errorMessage(wallet.error, t)}
            action={<Button onClick={() => void wallet.refetch()}>{t('common.retry')}</Button>}
          />
        ) : wallet.data.entries.length === 0 ? (
          <EmptyState
            icon={<CoinIcon size={30} />}
            title={t('wallet.emptyTitle')}
            text={t('wallet.emptyText')}
          />
        ) : (
          <ul className={styles.ledger} data-testid="ledger">
            {wallet.data.entries.map((entry: LedgerEntry) => (
              <li
                key={entry._id}
                className={styles.entry}
                data-testid="ledger-entry"
                data-reason={entry.reason}
              >
                <span
                  className={`${styles.icon} ${entry.delta >= 0 ? styles.plus : styles.minus}`}
                  aria-hidden="true"
                >
                  <CoinIcon size={20} />
                </span>
                <span className={styles.what}>
                  <span className={styles.reason}>
                    {t(`wallet.reasons.${entry.reason}`, { defaultValue: entry.reason })}
                  </span>
                  <time className={styles.date} dateTime={entry.date}>
                    {formatDateTime(entry.date, i18n.language)}
                  </time>
                </span>
                <span className={styles.amounts}>
                  <span
                    className={`${styles.delta} ${entry.delta >= 0 ? styles.deltaPlus : styles.deltaMinus}`}
                  >
                    {entry.delta >= 0 ? '+' : '−'}
                    {formatTokens(Math.abs(entry.delta))}
                  </span>
                  <span className={styles.after}>
                    {t('wallet.balanceAfter', { tokens: formatTokens(entry.balanceAfter) })}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
