import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { chatKeys } from '../../chats/api/chats-api.ts';
import { deleteChat } from '../api/account-api.ts';
import { ReportDialog } from './report-dialog.tsx';
import styles from './account.module.css';
import '../../../lib/pages-i18n.ts';

/** On a character's page: report her, or delete this chat (its messages; tokens stay). */
export function ChatAccountActions({ chatId, botId }: { chatId: string; botId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'report' | 'delete' | null>(null);
  const remove = useMutation({
    mutationFn: () => deleteChat(chatId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: chatKeys.thread(chatId) });
      queryClient.removeQueries({ queryKey: ['chat-info', chatId] });
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
      void navigate('/chat', { replace: true });
    },
  });
  return (
    <div className={styles.actions}>
      <Button size="sm" variant="ghost" onClick={() => setDialog('report')} data-testid="report-bot">
        {t('account.report.openBot')}
      </Button>
      <Button size="sm" variant="danger" onClick={() => setDialog('delete')} data-testid="delete-chat">
        {t('account.deleteChat.open')}
      </Button>
      {dialog === 'report' ? (
        <ReportDialog target={{ type: 'bot', id: botId }} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'delete' ? (
        <Dialog
          open
          onClose={() => setDialog(null)}
          title={t('account.deleteChat.title')}
          description={t('account.deleteChat.body')}
          testId="delete-chat-dialog"
        >
          {remove.isError ? (
            <p className={styles.error} role="alert">
              {errorMessage(remove.error, t)}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button
              variant="danger"
              onClick={() => remove.mutate()}
              loading={remove.isPending}
              data-testid="delete-chat-confirm"
            >
              {t('account.deleteChat.confirm')}
            </Button>
            <Button variant="ghost" onClick={() => setDialog(null)}>
              {t('account.close')}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
