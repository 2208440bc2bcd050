import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { api } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { disconnectSocket } from '../../../lib/socket.ts';
import styles from './profile-dialogs.module.css';

/**
 * The two ways out of an account, each behind an "are you sure?":
 * - `pause` (SPEC §7 `/deactivate`): signs out everywhere and keeps every chat and token; she does
 *   not write first meanwhile, and signing in again reactivates the account (decision 117);
 * - `delete`: cancels subscriptions, removes all tokens and signs out everywhere.
 * Either way the server revokes every session, so a fresh load of home starts as a guest.
 */
const actions = {
  pause: {
    call: () => api.post('/user/deactivate'),
    title: 'shell.profile.pauseTitle',
    text: 'shell.profile.pauseText',
    confirm: 'shell.profile.pauseConfirm',
    variant: undefined,
  },
  delete: {
    call: () => api.post('/user/delete', { confirm: true }),
    title: 'shell.profile.deleteTitle',
    text: 'shell.profile.deleteText',
    confirm: 'shell.profile.deleteConfirm',
    variant: 'danger',
  },
} as const;

export function LeaveAccountDialog({
  action,
  open,
  onClose,
}: {
  action: keyof typeof actions;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const a = actions[action];

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      // The server drops this user's sockets; ours goes first so it does not try to reconnect.
      disconnectSocket();
      await a.call();
      window.location.replace('/');
    } catch (err) {
      setError(errorMessage(err, t));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t(a.title)}
      description={t(a.text)}
      testId={`${action}-account-dialog`}
    >
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onClose} autoFocus>
          {t('shell.common.cancel')}
        </Button>
        <Button
          variant={a.variant}
          loading={busy}
          onClick={() => void confirm()}
          data-testid={`${action}-account-confirm`}
        >
          {t(a.confirm)}
        </Button>
      </div>
    </Dialog>
  );
}
