import { VIDEO_SLOW_AFTER_MS } from '@amora/shared/media-rules.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useVideoActions } from '../hooks/use-media-actions.ts';
import { useProtectedUrl } from '../hooks/use-protected-url.ts';
import styles from './media.module.css';

type VideoMessageProps = {
  chatId: string;
  messageId: string;
  /** `video_pending`, `video_error` or `video`. */
  eventType: string;
  video: string | null;
  /** When the placeholder was posted (the job started then, unless regenerated here). */
  date: string;
  botName: string;
  /** For tests: the clock. */
  now?: () => number;
};

/** Whether a pending job has run longer than planned; the clock is re-read every few seconds. */
function useIsSlow(pending: boolean, since: number, now: () => number): boolean {
  const [clock, setClock] = useState(now);
  useEffect(() => {
    if (!pending) return;
    const id = setInterval(() => setClock(now()), 5_000);
    return () => clearInterval(id);
  }, [pending, now]);
  return pending && Math.max(clock, now()) - since > VIDEO_SLOW_AFTER_MS;
}

/**
 * SPEC §4 video generation: in progress, taking longer than planned (Regenerate), error (Try
 * again), and the finished clip playing inline. The server replaces the placeholder message under
 * the same `_id` when the job ends.
 */
export function VideoMessage({
  chatId,
  messageId,
  eventType,
  video,
  date,
  botName,
  now = Date.now,
}: VideoMessageProps) {
  const { t } = useTranslation();
  const { busy, regenerate } = useVideoActions();
  const [restartedAt, setRestartedAt] = useState<number | null>(null);
  const [broken, setBroken] = useState(false);
  const clip = useProtectedUrl(video);
  const pending = eventType === 'video_pending';
  const since = restartedAt ?? (Date.parse(date) || now());
  const slow = useIsSlow(pending, since, now);

  const retry = async () => {
    const answer = await regenerate(chatId, messageId);
    if (answer) setRestartedAt(now());
  };

  if (eventType === 'video' && video) {
    if (broken || clip.failed) {
      return (
        <p className={styles.mediaError} data-testid="video-load-error">
          {t('media.video.loadError')}
        </p>
      );
    }
    return (
      <video
        className={styles.video}
        src={clip.src ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={t('media.video.label', { name: botName })}
        onError={() => {
          if (!clip.onError()) setBroken(true);
        }}
        data-testid="message-video"
      />
    );
  }

  if (eventType === 'video_error') {
    return (
      <div className={`${styles.videoState} ${styles.videoError}`} role="status" data-testid="video-error">
        <p className={styles.videoStateText}>
          <AlertIcon size={16} aria-hidden="true" />
          {t('media.video.error')}
        </p>
        <Button
          size="sm"
          variant="secondary"
          loading={busy}
          onClick={() => void retry()}
          data-testid="video-retry"
        >
          {t('media.video.tryAgain')}
        </Button>
      </div>
    );
  }

  if (slow) {
    return (
      <div className={styles.videoState} role="status" data-testid="video-slow">
        <p className={styles.videoStateText}>{t('media.video.slow')}</p>
        <Button
          size="sm"
          variant="secondary"
          loading={busy}
          onClick={() => void retry()}
          data-testid="video-regenerate"
        >
          {t('media.video.regenerate')}
        </Button>
      </div>
    );
  }

  return (
    <div className={styles.videoState} role="status" data-testid="video-pending">
      <Spinner size={18} />
      <p className={styles.videoStateText}>{t('media.video.pending', { name: botName })}</p>
    </div>
  );
}
