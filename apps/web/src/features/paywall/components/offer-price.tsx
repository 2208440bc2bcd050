import { formatPrice, type ResolvedPrice } from '@amora/shared/payments.ts';
import { useTranslation } from 'react-i18next';
import styles from './paywall.module.css';

/** An offer's price in the buyer's currency, with the old price struck through when there is one. */
export function OfferPrice({ price }: { price: ResolvedPrice }) {
  const { i18n } = useTranslation();
  return (
    <span className={styles.prices} data-testid="offer-price">
      <span className={styles.price}>{formatPrice(price.price, price.currency, i18n.language)}</span>
      {price.oldPrice !== null ? (
        <s className={styles.oldPrice}>{formatPrice(price.oldPrice, price.currency, i18n.language)}</s>
      ) : null}
    </span>
  );
}
