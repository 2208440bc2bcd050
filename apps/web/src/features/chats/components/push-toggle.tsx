import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { usePushNotifications } from '../hooks/use-push-notifications.ts';
import styles from './commands-panel.module.css';

/**
 * Under the chat list: let her notify this device when she writes first (web push). A failed switch
 * leaves the state it started from: still on after a failed turn-off, off after a failed turn-on.
 */
export function PushToggle() {
  const { t } = useTranslation();
  const { state, error, enable, disable } = usePushNotifications();
  if (state === 'unsupported') return null;
  return (
    <div className={styles.panel} data-testid="push-toggle" data-state={state}>
      {state === 'blocked' ? (
        <p className={styles.notice} role="status">
          {t('push.blocked')}
        </p>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          disabled={state === 'busy'}
          aria-pressed={state === 'on'}
          onClick={() => void (state === 'on' ? disable() : enable())}
        >
          {state === 'on' ? t('push.turnOff') : t('push.turnOn')}
        </Button>
      )}
      {state === 'on' ? (
        <p className={styles.notice} role="status">
          {t('push.on')}
        </p>
      ) : null}
      {error ? (
        <p className={styles.notice} role="alert">
          {isApiError(error)
            ? errorMessage(error, t)
            : state === 'on'
              ? t('push.failedOff')
              : t('push.failed')}
        </p>
      ) : null}
    </div>
  );
}
