import { formatPrice } from '@amora/shared/payments.ts';
import { formatTokens } from '@amora/shared/rules.ts';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../components/ui/icons.tsx';
import type { PackOffer } from '../hooks/use-offers.ts';
import { OfferPrice } from './offer-price.tsx';
import styles from './paywall.module.css';

/** A token pack: its tokens, price and profit (SPEC §3). */
export function PackCard({ offer, onChoose }: { offer: PackOffer; onChoose: () => void }) {
  const { t, i18n } = useTranslation();
  const { pack, summary } = offer;
  const { price } = summary;
  return (
    <button
      type="button"
      className={styles.pack}
      onClick={onChoose}
      data-testid="pack-card"
      data-pack-id={pack.uuid}
    >
      {summary.profitPercent > 0 ? (
        <span className={styles.badge}>{t('paywall.save', { percent: summary.profitPercent })}</span>
      ) : null}
      <span className={styles.packSize}>{t(`paywall.sizes.${pack.size}`)}</span>
      <span className={styles.packTokens}>
        <CoinIcon size={22} />
        {t('paywall.tokens', { tokens: formatTokens(pack.tokens) })}
      </span>
      <OfferPrice price={price} />
      <span className={styles.profit}>
        {summary.profit > 0
          ? t('paywall.profitAmount', { amount: formatPrice(summary.profit, price.currency, i18n.language) })
          : '\u00a0'}
      </span>
    </button>
  );
}
