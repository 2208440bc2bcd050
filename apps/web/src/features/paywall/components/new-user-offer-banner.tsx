import { formatPrice } from '@amora/shared/payments.ts';
import { formatTokens } from '@amora/shared/rules.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOffers } from '../hooks/use-offers.ts';
import styles from './new-user-offer-banner.module.css';

/** hh:mm:ss left until `endsAt` (never negative). */
export function formatCountdown(msLeft: number): string {
  const total = Math.max(0, Math.floor(msLeft / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/**
 * SPEC §9: the time-limited offer for New users (1 599 tokens) with its countdown. The deadline is
 * the sign-up time plus the offer's window, so it survives reloads and devices.
 */
export function NewUserOfferBanner() {
  const { t, i18n } = useTranslation();
  const { welcome, welcomeEndsAt } = useOffers();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!welcomeEndsAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [welcomeEndsAt]);

  if (!welcome || !welcomeEndsAt || welcomeEndsAt <= now) return null;
  const { price, oldPrice, currency } = welcome.summary.price;
  const money = (v: number) => formatPrice(v, currency, i18n.language);

  return (
    <Link
      to={`/paywall/checkout?pack=${encodeURIComponent(welcome.id)}`}
      className={styles.offer}
      data-testid="new-user-offer"
    >
      <span className={styles.badge}>{t('paywall.newUserOffer.badge')}</span>
      <span className={styles.title}>
        {t('paywall.newUserOffer.title', { tokens: formatTokens(welcome.pack.tokens) })}
      </span>
      <span className={styles.price}>
        {oldPrice !== null ? <s className={styles.old}>{money(oldPrice)}</s> : null}
        <strong>{money(price)}</strong>
      </span>
      <span className={styles.timer}>
        {t('paywall.newUserOffer.endsIn')}{' '}
        <time data-testid="new-user-offer-countdown">{formatCountdown(welcomeEndsAt - now)}</time>
      </span>
    </Link>
  );
}
