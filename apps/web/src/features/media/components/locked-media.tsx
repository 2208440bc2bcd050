import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { LockIcon } from '../../../components/ui/icons.tsx';
import { useTokenCosts } from '../../settings/hooks/use-settings.ts';
import { useReveal } from '../hooks/use-media-actions.ts';
import { useProtectedUrl } from '../hooks/use-protected-url.ts';
import styles from './media.module.css';

type LockedMediaProps = {
  chatId: string;
  messageId: string;
  kind: 'photo' | 'voice';
  /** The blurred preview of a photo, when the server sent one. */
  preview: string | null;
  botName: string;
};

/** A blurred photo or a locked voice note of hers, with "Reveal for N tokens". */
export function LockedMedia({ chatId, messageId, kind, preview, botName }: LockedMediaProps) {
  const { t } = useTranslation();
  const costs = useTokenCosts();
  const { busy, reveal } = useReveal(chatId, messageId);
  const blurred = useProtectedUrl(preview);
  const price = kind === 'photo' ? costs.tokens_for_get_photo : costs.tokens_for_get_voice;
  const label = t('media.reveal.button', { price });
  return (
    <div className={`${styles.locked} ${styles[kind]}`} data-testid={`locked-${kind}`}>
      {kind === 'photo' ? (
        blurred.src ? (
          <img
            className={styles.blurred}
            src={blurred.src}
            onError={() => blurred.onError()}
            alt={t('media.reveal.blurredAlt', { name: botName })}
            data-testid="blurred-photo"
          />
        ) : (
          <div className={styles.blurPlaceholder} aria-hidden="true" />
        )
      ) : (
        <p className={styles.lockedVoice}>
          <LockIcon size={16} aria-hidden="true" />
          {t('media.reveal.voiceLocked', { name: botName })}
        </p>
      )}
      <div className={kind === 'photo' ? styles.revealOverlay : styles.revealInline}>
        <Button
          size="sm"
          icon={<LockIcon size={14} />}
          loading={busy}
          onClick={() => void reveal()}
          data-testid="reveal-button"
        >
          {label}
        </Button>
      </div>
    </div>
  );
}
