import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '../../../components/ui/alert-banner.tsx';
import { conversionKeys, markOfferSeen } from '../api/conversion-api.ts';
import { useConversionOffers } from '../hooks/use-conversion-offers.ts';

/** A country's name in the interface language (the code when the browser has no name for it). */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** SPEC §3 isExpat / §8: the geo lookup and the declared country disagree (not an expat); shown once. */
export function VpnWarning() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const warning = useConversionOffers().offers.vpn_warning;
  const [closed, setClosed] = useState(false);
  // What was shown is kept by the mutation, so a refetch (no more offer) keeps the banner up.
  const shown = useMutation({
    mutationFn: (_w: { geoCountry: string; declaredCountry: string }) =>
      markOfferSeen('vpn_warning', 'shown'),
  });
  useEffect(() => {
    if (warning && shown.isIdle) shown.mutate(warning);
  }, [warning, shown]);
  const held = shown.variables;
  if (!held || closed) return null;
  return (
    <AlertBanner
      kind="warning"
      testId="vpn-warning"
      title={t('conversion.vpn.title')}
      description={t('conversion.vpn.text', {
        geo: countryName(held.geoCountry, i18n.language),
        declared: countryName(held.declaredCountry, i18n.language),
      })}
      onClose={() => {
        setClosed(true);
        void markOfferSeen('vpn_warning', 'dismissed')
          .catch(() => undefined)
          .finally(() => void queryClient.invalidateQueries({ queryKey: conversionKeys.all }));
      }}
    />
  );
}
