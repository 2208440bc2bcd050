import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { api } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { disconnectSocket } from '../../../lib/socket.ts';
import styles from './profile-dialogs.module.css';

/** 'Are you sure?' — deleting cancels subscriptions, removes all tokens and signs out everywhere. */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setDeleting(true);
    setError(null);
    try {
      // The server drops this user's sockets; ours goes first so it does not try to reconnect.
      disconnectSocket();
      await api.post('/user/delete', { confirm: true });
      // Everything about this user goes: a fresh load of home starts as a guest (the server has
      // revoked every session, so nothing is restored).
      window.location.replace('/');
    } catch (err) {
      setError(errorMessage(err, t));
      setDeleting(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('shell.profile.deleteTitle')}
      description={t('shell.profile.deleteText')}
      testId="delete-account-dialog"
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
          variant="danger"
          loading={deleting}
          onClick={() => void confirm()}
          data-testid="delete-account-confirm"
        >
          {t('shell.profile.deleteConfirm')}
        </Button>
      </div>
    </Dialog>
  );
}
