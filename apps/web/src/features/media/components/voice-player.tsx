import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PlayIcon } from '../../../components/ui/icons.tsx';
import { claimAudio, releaseAudio } from '../audio-focus.ts';
import { useProtectedUrl } from '../hooks/use-protected-url.ts';
import { formatDuration } from '../format-duration.ts';
import styles from './media.module.css';

/** Seconds the arrow keys move the playhead. */
const SEEK_STEP = 5;

/**
 * A voice note: play/pause, a progress bar that is also a keyboard slider (arrows ±5 s, Home/End),
 * elapsed / duration. Starting one pauses any other voice note on the page.
 */
export function VoicePlayer({ src, label }: { src: string; label: string }) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [duration, setDuration] = useState(0);
  const [failed, setFailed] = useState(false);
  const media = useProtectedUrl(src);

  useEffect(() => {
    const el = audio.current;
    return () => {
      if (el) {
        if (!el.paused) el.pause();
        releaseAudio(el);
      }
    };
  }, []);

  const toggle = async () => {
    const el = audio.current;
    if (!el) return;
    if (!el.paused) {
      el.pause();
      return;
    }
    claimAudio(el);
    setFailed(false);
    try {
      await el.play();
    } catch {
      setFailed(true);
    }
  };

  const knownDuration = Number.isFinite(duration) && duration > 0 ? duration : 0;

  const seek = (to: number) => {
    const el = audio.current;
    if (!el || !knownDuration) return;
    const next = Math.max(0, Math.min(knownDuration, to));
    el.currentTime = next;
    setElapsed(next);
  };

  const onSliderKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, number> = {
      ArrowRight: elapsed + SEEK_STEP,
      ArrowUp: elapsed + SEEK_STEP,
      ArrowLeft: elapsed - SEEK_STEP,
      ArrowDown: elapsed - SEEK_STEP,
      Home: 0,
      End: knownDuration,
    };
    const to = keys[event.key];
    if (to === undefined) return;
    event.preventDefault();
    seek(to);
  };

  const onBarClick = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    if (!rect.width) return;
    seek(((event.clientX - rect.left) / rect.width) * knownDuration);
  };

  const progress = knownDuration ? Math.min(1, elapsed / knownDuration) : 0;

  return (
    <div className={styles.voice} data-testid="voice-player" data-playing={playing || undefined}>
      <audio
        ref={audio}
        src={media.src ?? undefined}
        preload="metadata"
        data-testid="voice-audio"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setElapsed(0);
          if (audio.current) audio.current.currentTime = 0;
        }}
        onTimeUpdate={(event) => setElapsed(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
        onDurationChange={(event) => setDuration(event.currentTarget.duration)}
        onError={() => {
          if (!media.onError()) setFailed(true);
        }}
      />
      <button
        type="button"
        className={styles.playButton}
        onClick={() => void toggle()}
        aria-label={playing ? t('media.voice.pause', { label }) : t('media.voice.play', { label })}
        aria-pressed={playing}
        data-testid="voice-toggle"
      >
        {playing ? <PauseGlyph /> : <PlayIcon size={18} aria-hidden="true" />}
      </button>
      <div className={styles.voiceBody}>
        <div
          className={styles.track}
          role="slider"
          tabIndex={0}
          aria-label={t('media.voice.progress')}
          aria-valuemin={0}
          aria-valuemax={Math.round(knownDuration)}
          aria-valuenow={Math.round(elapsed)}
          aria-valuetext={t('media.voice.position', {
            elapsed: formatDuration(elapsed),
            duration: formatDuration(knownDuration),
          })}
          onKeyDown={onSliderKey}
          onClick={onBarClick}
          data-testid="voice-progress"
          data-progress={progress.toFixed(3)}
        >
          <span className={styles.trackFill} style={{ width: `${progress * 100}%` }} />
        </div>
        <span className={styles.voiceTime} data-testid="voice-time">
          {failed || media.failed
            ? t('media.voice.failed')
            : `${formatDuration(elapsed)} / ${formatDuration(knownDuration)}`}
        </span>
      </div>
    </div>
  );
}

function PauseGlyph() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <rect x="6" y="5" width="4" height="14" rx="1" />
      <rect x="14" y="5" width="4" height="14" rx="1" />
    </svg>
  );
}
