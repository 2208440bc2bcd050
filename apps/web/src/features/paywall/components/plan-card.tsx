import { formatTokens } from '@amora/shared/rules.ts';
import { useTranslation } from 'react-i18next';
import type { PlanOffer } from '../hooks/use-offers.ts';
import { PeriodText } from './period-text.tsx';
import { OfferPrice } from './offer-price.tsx';
import styles from './paywall.module.css';

/** A subscription plan: period, tokens a month, price and profit. */
export function PlanCard({ offer, onChoose }: { offer: PlanOffer; onChoose: () => void }) {
  const { t } = useTranslation();
  const { plan, summary } = offer;
  const { price } = summary;
  return (
    <button
      type="button"
      className={styles.pack}
      onClick={onChoose}
      data-testid="plan-card"
      data-plan-id={plan.uuid}
    >
      {summary.profitPercent > 0 ? (
        <span className={styles.badge}>{t('paywall.save', { percent: summary.profitPercent })}</span>
      ) : null}
      <span className={styles.packSize}>{t(`paywall.plans.${plan.for}`)}</span>
      <span className={styles.price}>
        <PeriodText period={summary.period} />
      </span>
      <span className={styles.muted}>
        {plan.month > 0
          ? t('paywall.tokensPerMonth', { tokens: formatTokens(plan.tokens) })
          : t('paywall.tokens', { tokens: formatTokens(plan.tokens) })}
      </span>
      <OfferPrice price={price} />
      {offer.discount > 0 ? (
        <span className={styles.profit}>{t('paywall.firstDiscount', { percent: offer.discount })}</span>
      ) : plan.is_trial ? (
        <span className={styles.muted}>{t('paywall.trialRenews')}</span>
      ) : (
        <span className={styles.profit}>{'\u00a0'}</span>
      )}
    </button>
  );
}
