import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { conversionKeys, markOfferSeen } from '../api/conversion-api.ts';
import { useConversionOffers } from '../hooks/use-conversion-offers.ts';
import { UpsellList } from './upsell-list.tsx';
import styles from './conversion.module.css';

/** The trial dialog for users who never subscribed; the server lets it show once. */
export function TrialDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const planId = useConversionOffers().offers.trial_dialog?.planId;
  const [closed, setClosed] = useState(false);
  // The plan the dialog was shown for: kept by the mutation, so a refetch (no more offer) keeps it open.
  const shown = useMutation({ mutationFn: (_plan: string) => markOfferSeen('trial_dialog', 'shown') });
  useEffect(() => {
    if (planId && shown.isIdle) shown.mutate(planId);
  }, [planId, shown]);
  const open = closed ? null : (shown.variables ?? null);
  const close = () => {
    setClosed(true);
    void queryClient.invalidateQueries({ queryKey: conversionKeys.all });
  };
  return (
    <Dialog
      open={open !== null}
      onClose={close}
      title={t('conversion.trial.title')}
      description={t('conversion.trial.text')}
      testId="trial-dialog"
    >
      <UpsellList />
      <div className={styles.actions}>
        <Button
          block
          size="lg"
          data-testid="trial-start"
          onClick={() => {
            const plan = open;
            close();
            if (plan) void navigate(`/paywall/checkout?plan=${encodeURIComponent(plan)}`);
          }}
        >
          {t('conversion.trial.start')}
        </Button>
        <Button block variant="ghost" onClick={close}>
          {t('conversion.trial.later')}
        </Button>
      </div>
    </Dialog>
  );
}
