import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendPhoto } from '../hooks/use-send-photo.ts';
import styles from './media.module.css';

type PhotoButtonProps = {
  chatId: string;
  botId: string;
  /** Waiting for her reply, or the chat cannot take messages. */
  disabled: boolean;
};

/** SPEC §5: pick a photo, it is resized to 800×600 JPEG 0.6 and sent to her. */
export function PhotoButton({ chatId, botId, disabled }: PhotoButtonProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { send, sending } = useSendPhoto(chatId, botId);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Let the same file be picked again after a failure.
    event.target.value = '';
    if (file) void send(file);
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className={styles.fileInput}
        tabIndex={-1}
        aria-hidden="true"
        onChange={onPick}
        data-testid="photo-input"
      />
      <button
        type="button"
        className={styles.attach}
        onClick={() => input.current?.click()}
        disabled={disabled || sending}
        aria-busy={sending || undefined}
        aria-label={t('media.photo.send')}
        title={t('media.photo.send')}
        data-testid="photo-button"
      >
        <CameraGlyph />
      </button>
    </>
  );
}

function CameraGlyph() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 8.5A2.5 2.5 0 0 1 6.5 6h1.6l1.4-2h5l1.4 2h1.6A2.5 2.5 0 0 1 20 8.5v9a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 4 17.5z" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}
