import type { OfferPeriod } from '@amora/shared/payments.ts';
import { useTranslation } from 'react-i18next';

/** SPEC §3: 1 year, N months or N days (a pack is a one-time purchase). */
export function PeriodText({ period }: { period: OfferPeriod | null }) {
  const { t } = useTranslation();
  if (!period) return <>{t('paywall.periodOnce')}</>;
  if (period.unit === 'year') return <>{t('paywall.periodYear')}</>;
  if (period.unit === 'months') return <>{t('paywall.periodMonths', { count: period.count })}</>;
  return <>{t('paywall.periodDays', { count: period.count })}</>;
}
