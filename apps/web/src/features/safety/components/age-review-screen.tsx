import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { signOut } from '../../auth/session.ts';
import { useAuthStore } from '../../auth/store.ts';
import { useOpenSupport } from '../../support/hooks/use-open-support.ts';
import { fetchSafetyStatus, safetyKeys } from '../api/safety-api.ts';
import { useSafetyStore } from '../store.ts';

/**
 * The age-review lock (decision 045): the user said they are under 18, so chats stop and every
 * write is refused until an operator reviews the account. Cannot be dismissed; the user can write
 * to support (the one chat that stays open) or sign out. Shown on load, on the `safety_hold`
 * event and on any AGE_REVIEW answer.
 */
export function AgeReviewScreen() {
  const { t } = useTranslation();
  const userId = useAuthStore((s) => s.user?._id ?? null);
  const hold = useSafetyStore((s) => s.hold);
  const contactingSupport = useSafetyStore((s) => s.contactingSupport);
  const { open: openSupport, opening } = useOpenSupport();
  const status = useQuery({
    queryKey: safetyKeys.status(userId ?? ''),
    queryFn: ({ signal }) => fetchSafetyStatus(signal),
    enabled: userId !== null,
  });
  useEffect(() => {
    if (status.data) useSafetyStore.getState().setHold(status.data.status);
  }, [status.data]);
  useEffect(() => {
    if (!userId) useSafetyStore.getState().setHold('none');
  }, [userId]);

  const open = userId !== null && hold === 'review' && !contactingSupport;
  return (
    <Dialog
      open={open}
      title={t('safety.review.title')}
      description={t('safety.review.text')}
      testId="age-review"
    >
      <p style={{ marginTop: 12 }}>{t('safety.review.support')}</p>
      <div style={{ marginTop: 24, display: 'grid', gap: 8 }}>
        <Button
          block
          loading={opening}
          onClick={() => {
            useSafetyStore.getState().setContactingSupport(true);
            openSupport();
          }}
          data-testid="age-review-support"
        >
          {t('safety.review.contactSupport')}
        </Button>
        <Button block variant="ghost" onClick={() => void signOut()} data-testid="age-review-sign-out">
          {t('safety.review.signOut')}
        </Button>
      </div>
    </Dialog>
  );
}
