import type { AvailableOffersResponse } from '@amora/shared/conversion.ts';
import { useTranslation } from 'react-i18next';
import { hadSession } from '../../../lib/session-hint.ts';
import { useAuthStore } from '../../auth/store.ts';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { useConversionOffers } from '../hooks/use-conversion-offers.ts';
import styles from './conversion.module.css';

/** SPEC §9 upsell features, where the server lists them (users without an active subscription). */
export function UpsellList() {
  const { t } = useTranslation();
  const features = useConversionOffers().offers.upsell?.features;
  if (!features?.length) return null;
  return (
    <section className={styles.list} data-testid="upsell-list" aria-labelledby="upsell-title">
      <h2 id="upsell-title" className={styles.listTitle}>
        {t('conversion.upsell.title')}
      </h2>
      <ul>
        {features.map((f) => (
          <li key={f} data-feature={f}>
            <CheckIcon size={16} aria-hidden="true" /> {t(`conversion.upsell.${f}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}

type MarketingFeature = NonNullable<AvailableOffersResponse['offers']['marketing']>['features'][number];
/**
 * The list the server gives every guest (`MARKETING_FEATURES` in @amora/shared, which brings zod
 * with it: not on the first load). A test keeps the two the same.
 */
export const GUEST_MARKETING_FEATURES: readonly MarketingFeature[] = [
  'sexting',
  'relationship',
  'personality_modes',
  'video',
  'photos',
  'voice_messages',
  'languages',
];

/** SPEC §1 marketing copy, on home for guests. */
export function MarketingFeatures() {
  const { t } = useTranslation();
  const { offers, isReady } = useConversionOffers();
  const guest = useAuthStore((s) => s.user === null);
  // A guest's list is always the SPEC §1 copy: a browser that never had a session lays it out at
  // once while the server is asked, so it does not push the characters down when it comes (CLS,
  // issue 13). The server's answer still decides (an operator can turn the list off).
  const features = isReady
    ? offers.marketing?.features
    : guest && !hadSession()
      ? GUEST_MARKETING_FEATURES
      : undefined;
  if (!features?.length) return null;
  return (
    <section className={styles.list} data-testid="marketing-features" aria-labelledby="marketing-title">
      <h2 id="marketing-title" className={styles.listTitle}>
        {t('conversion.marketing.title')}
      </h2>
      <ul className={styles.chips}>
        {features.map((f) => (
          <li key={f}>{t(`conversion.marketing.${f}`)}</li>
        ))}
      </ul>
    </section>
  );
}

/** "Fortune" is announced as coming soon. */
export function FortuneSoon() {
  const { t } = useTranslation();
  if (!useConversionOffers().offers.fortune) return null;
  return (
    <div className={styles.fortune} data-testid="fortune-soon">
      <span aria-hidden="true">🎡</span> {t('conversion.fortune.title')}
      <span className={styles.soon}>{t('conversion.fortune.soon')}</span>
    </div>
  );
}
