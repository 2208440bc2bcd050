import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { conversionKeys, markOfferSeen } from '../api/conversion-api.ts';
import { useConversionOffers } from '../hooks/use-conversion-offers.ts';
import { useExitIntent } from '../hooks/use-exit-intent.ts';
import styles from './conversion.module.css';

/**
 * The leave offer (issue 12): on exit intent from the paywall or checkout, a one-time discount the
 * server grants when it is shown and takes off the next checkout.
 */
export function LeaveOfferDialog() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { offers } = useConversionOffers();
  const offer = offers.leave_offer;
  const [open, setOpen] = useState(false);
  const shown = useMutation({
    mutationFn: () => markOfferSeen('leave_offer', 'shown'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: conversionKeys.all }),
  });
  useExitIntent(offer !== undefined && !open && shown.isIdle, () => {
    setOpen(true);
    shown.mutate();
  });
  if (!offer && !open) return null;
  const percent = shown.data?.leaveDiscount?.percent ?? offer?.percent ?? 0;
  const close = () => setOpen(false);
  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('conversion.leave.title')}
      description={t('conversion.leave.text', { percent, hours: offer?.hours ?? 24 })}
      testId="leave-offer-dialog"
    >
      <div className={styles.badge} aria-hidden="true">
        −{percent}%
      </div>
      <div className={styles.actions}>
        <Button block size="lg" onClick={close} loading={shown.isPending} data-testid="leave-offer-accept">
          {t('conversion.leave.accept', { percent })}
        </Button>
        <Button block variant="ghost" onClick={close}>
          {t('conversion.leave.decline')}
        </Button>
      </div>
    </Dialog>
  );
}

/** A note on the checkout when a leave-offer discount waits for this payment. */
export function LeaveDiscountNote() {
  const { t } = useTranslation();
  const { leaveDiscount } = useConversionOffers();
  if (!leaveDiscount) return null;
  return (
    <p className={styles.note} data-testid="leave-discount-note">
      {t('conversion.leave.applied', { percent: leaveDiscount.percent })}
    </p>
  );
}
