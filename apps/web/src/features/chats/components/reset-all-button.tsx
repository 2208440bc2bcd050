import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAuthStore } from '../../auth/store.ts';
import { resetAllChats } from '../api/chats-api.ts';
import styles from './commands-panel.module.css';

/** "Reset all chats" under the chat list, with a confirmation (POST /api/chat/reset-all). */
export function ResetAllButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const isNew = useAuthStore((s) => s.user?.status === 'New');
  if (isNew) return null;
  return (
    <div className={styles.panel}>
      <Button variant="ghost" size="sm" data-testid="reset-all" onClick={() => setOpen(true)}>
        {t('companion.reset.all')}
      </Button>
      {notice ? (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      ) : null}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('companion.reset.allTitle')}
        description={t('companion.reset.allText')}
        size="sm"
        testId="reset-all-dialog"
      >
        <div className={styles.dialogActions}>
          <Button variant="ghost" onClick={() => setOpen(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="danger"
            data-testid="reset-all-confirm"
            onClick={() => {
              setOpen(false);
              resetAllChats()
                .then(() => setNotice(t('companion.reset.allDone')))
                .catch((err: unknown) => setNotice(isApiError(err) ? err.message : errorMessage(err, t)));
            }}
          >
            {t('companion.reset.confirm')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
