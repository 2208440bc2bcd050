import { reportReasons, type ReportReason } from '@amora/shared/account.ts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { sendReport } from '../api/account-api.ts';
import styles from './account.module.css';
import '../../../lib/pages-i18n.ts';

/** Report a message or a character to the operator: a reason and, if wanted, a few words. */
export function ReportDialog({
  target,
  onClose,
}: {
  target: { type: 'message' | 'bot'; id: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<ReportReason>('harassment');
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: () => sendReport({ targetType: target.type, targetId: target.id, reason, text }),
    onSuccess: () => {
      showToast(t('account.report.sent'), 'success');
      onClose();
    },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={target.type === 'bot' ? t('account.report.titleBot') : t('account.report.titleMessage')}
      testId="report-dialog"
    >
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate();
        }}
      >
        <label className={styles.form}>
          <span>{t('account.report.reason')}</span>
          <select
            value={reason}
            onChange={(e) => setReason(e.target.value as ReportReason)}
            data-testid="report-reason"
          >
            {reportReasons.map((r) => (
              <option key={r} value={r}>
                {t(`account.report.reasons.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.form}>
          <span>{t('account.report.details')}</span>
          <textarea
            value={text}
            maxLength={1000}
            rows={4}
            onChange={(e) => setText(e.target.value)}
            data-testid="report-text"
          />
        </label>
        {send.isError ? (
          <p className={styles.error} role="alert">
            {errorMessage(send.error, t)}
          </p>
        ) : null}
        <Button type="submit" block loading={send.isPending} data-testid="report-send">
          {t('account.report.send')}
        </Button>
      </form>
    </Dialog>
  );
}
