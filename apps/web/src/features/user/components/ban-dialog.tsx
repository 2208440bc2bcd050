import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { BanAppealForm } from './ban-appeal-form.tsx';

/**
 * The ban modal (SPEC §6, §8): shown when the user is banned — on load, on the `banned` event, or
 * when any answer says BANNED — with the reason when there is one. Dismissed once per ban reason.
 */
export function BanDialog() {
  const { t } = useTranslation();
  const banned = useAuthStore((s) => s.user?.banned ?? null);
  const [dismissedFor, setDismissedFor] = useState<string | null | undefined>(undefined);
  const reason = banned?.reason ?? null;
  const open = Boolean(banned?.is) && dismissedFor !== reason;
  const dismiss = () => setDismissedFor(reason);
  return (
    <Dialog
      open={open}
      onClose={dismiss}
      title={t('ban.title')}
      description={t('ban.text')}
      testId="ban-dialog"
    >
      {reason ? (
        <p style={{ marginTop: 12 }} data-testid="ban-reason">
          {t('ban.reason', { reason })}
        </p>
      ) : null}
      <BanAppealForm />
      <div style={{ marginTop: 16 }}>
        <Button block onClick={dismiss}>
          {t('common.ok')}
        </Button>
      </div>
    </Dialog>
  );
}
