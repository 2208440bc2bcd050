import { formatPrice } from '@amora/shared/payments.ts';
import { formatTokens } from '@amora/shared/rules.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useIsSignedIn } from '../../auth/store.ts';
import { buyMysteryBox, conversionKeys, fetchMysteryBox } from '../api/conversion-api.ts';
import { useConversionOffers } from '../hooks/use-conversion-offers.ts';
import styles from './conversion.module.css';

/** The mystery box on the paywall: its price, the published odds, and the purchase. */
export function MysteryBoxCard() {
  const { t, i18n } = useTranslation();
  const signedIn = useIsSignedIn();
  const box = useConversionOffers().offers.mystery_box;
  const buy = useMutation({
    mutationFn: buyMysteryBox,
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
  });
  if (!box) return null;
  const price = formatPrice(box.price, box.currency, i18n.language);
  return (
    <section className={styles.box} data-testid="mystery-box" aria-labelledby="mystery-box-title">
      <div className={styles.boxArt} aria-hidden="true">
        🎁
      </div>
      <div className={styles.boxBody}>
        <h2 id="mystery-box-title" className={styles.listTitle}>
          {t('conversion.mystery.title')}
        </h2>
        <p className={styles.muted}>{t('conversion.mystery.text')}</p>
        <h3 className={styles.oddsTitle}>{t('conversion.mystery.odds')}</h3>
        <ul className={styles.odds} data-testid="mystery-box-odds">
          {box.odds.map((o) => (
            <li key={o.tokens}>
              {t('conversion.mystery.oddsLine', { tokens: formatTokens(o.tokens), chance: o.chance })}
            </li>
          ))}
        </ul>
        {buy.isError ? (
          <p role="alert" className={styles.error}>
            {errorMessage(buy.error, t)}
          </p>
        ) : null}
        {signedIn ? (
          <Button
            size="lg"
            loading={buy.isPending || buy.isSuccess}
            onClick={() => buy.mutate()}
            data-testid="mystery-box-buy"
          >
            {t('conversion.mystery.buy', { price })}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/** After a mystery box payment: the box opens (an animation) once the server has drawn the prize. */
export function MysteryBoxReveal({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation();
  const result = useQuery({
    queryKey: conversionKeys.box(paymentId),
    queryFn: ({ signal }) => fetchMysteryBox(paymentId, signal),
    refetchInterval: (q) => (q.state.data?.reward == null ? 1000 : false),
  });
  const reward = result.data?.reward ?? null;
  return (
    <div
      className={styles.reveal}
      data-testid="mystery-box-reveal"
      data-opened={reward !== null || undefined}
    >
      <h2 className={styles.listTitle}>{t('conversion.mystery.revealTitle')}</h2>
      <div className={styles.revealBox} aria-hidden="true">
        <span className={styles.lid}>🎁</span>
        {reward !== null ? <span className={styles.burst}>✨</span> : null}
      </div>
      <p aria-live="polite" data-testid="mystery-box-result">
        {reward === null
          ? t('conversion.mystery.opening')
          : t('conversion.mystery.won', { tokens: formatTokens(reward) })}
      </p>
    </div>
  );
}
