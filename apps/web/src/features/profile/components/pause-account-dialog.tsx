import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { api } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { disconnectSocket } from '../../../lib/socket.ts';
import styles from './profile-dialogs.module.css';

/**
 * SPEC §7 `/deactivate`: pausing signs out everywhere and keeps every chat and token; she does not
 * write first meanwhile. Signing in again reactivates the account (decision 117).
 */
export function PauseAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [pausing, setPausing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setPausing(true);
    setError(null);
    try {
      // The server drops this user's sockets; ours goes first so it does not try to reconnect.
      disconnectSocket();
      await api.post('/user/deactivate');
      // Every session is revoked: a fresh load of home starts as a guest, who may sign in again.
      window.location.replace('/');
    } catch (err) {
      setError(errorMessage(err, t));
      setPausing(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('shell.profile.pauseTitle')}
      description={t('shell.profile.pauseText')}
      testId="pause-account-dialog"
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
        <Button loading={pausing} onClick={() => void confirm()} data-testid="pause-account-confirm">
          {t('shell.profile.pauseConfirm')}
        </Button>
      </div>
    </Dialog>
  );
}
