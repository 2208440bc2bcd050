import { mainPhoto } from '@amora/shared/rules.ts';
import type { Bot } from '@amora/shared/bots.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PlayIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { artSrcSet, GRID_ART_SIZES } from '../../../lib/art.ts';
import { searchWithModel } from '../../../lib/popup.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import styles from './model-card.module.css';

type ModelCardProps = {
  bot: Bot;
  onOpen: (bot: Bot) => void;
  busy?: boolean;
  hasChat?: boolean;
  /** In the first screenful: its portrait loads at once, first in line (LCP). */
  priority?: boolean;
};

/**
 * A character: portrait, name and age, body type, hobbies; a video avatar plays on hover or when in
 * view. The portrait is the chat button; the name and details open her profile popup
 * (`?popup=selected-model&remote_id=`, docs/decisions/022).
 */
export function ModelCard({ bot, onOpen, busy = false, hasChat = false, priority = false }: ModelCardProps) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const cardRef = useRef<HTMLElement>(null);
  const [playing, setPlaying] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);
  const canHover = useMediaQuery('(hover: hover)');
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const photo = mainPhoto(bot);
  const video = bot.is_video && bot.video_avatar && !reducedMotion ? bot.video_avatar : null;
  const hobbies = (i18n.language === 'ru' && bot.hobbies_ru.length ? bot.hobbies_ru : bot.hobbies).slice(
    0,
    3,
  );
  const bodyType = bot.body_type
    ? t(`bots.bodyTypes.${bot.body_type.toLowerCase()}`, { defaultValue: bot.body_type })
    : null;

  const play = useCallback(() => {
    const el = videoRef.current;
    if (!el) return;
    el.muted = true;
    const result = el.play() as Promise<void> | undefined;
    if (result && typeof result.then === 'function') {
      result.then(() => setPlaying(true)).catch(() => setPlaying(false));
    }
  }, []);
  const pause = useCallback(() => {
    const el = videoRef.current;
    if (!el) return;
    el.pause();
    setPlaying(false);
  }, []);

  // Touch screens have no hover: play while the card is mostly visible.
  useEffect(() => {
    if (!video || canHover || typeof IntersectionObserver === 'undefined') return;
    const node = cardRef.current;
    if (!node) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) play();
        else pause();
      },
      { threshold: 0.6 },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [video, canHover, play, pause]);

  return (
    <article
      ref={cardRef}
      className={styles.card}
      data-testid="model-card"
      data-bot-id={bot._id}
      onMouseEnter={video && canHover ? play : undefined}
      onMouseLeave={video && canHover ? pause : undefined}
    >
      <div className={styles.media}>
        {photo && !imageFailed ? (
          <img
            className={styles.photo}
            src={photo}
            srcSet={artSrcSet(photo)}
            sizes={GRID_ART_SIZES}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            onError={() => setImageFailed(true)}
          />
        ) : (
          <div className={styles.placeholder} aria-hidden="true">
            {bot.name.charAt(0)}
          </div>
        )}
        {video ? (
          <video
            ref={videoRef}
            className={`${styles.video} ${playing ? styles.videoOn : ''}`}
            src={video}
            muted
            loop
            playsInline
            preload="none"
            aria-hidden="true"
            tabIndex={-1}
          />
        ) : null}
        <div className={styles.shade} aria-hidden="true" />
        <div className={styles.badges}>
          {bot.is_video ? (
            <span className={styles.videoBadge} data-testid="video-badge">
              <PlayIcon size={12} />
              {t('bots.videoBadge')}
            </span>
          ) : null}
          {hasChat ? <span className={styles.chatBadge}>{t('bots.inChats')}</span> : null}
        </div>
      </div>
      <Link
        to={{ pathname: location.pathname, search: searchWithModel(location.search, bot.remote_id) }}
        className={styles.info}
        data-testid="model-card-profile"
      >
        {/* The link is named by what it shows (WCAG 2.5.3, label in name): "View profile: Mia 24 …". */}
        <span className="visually-hidden">{t('bots.profileOf')} </span>
        <h3 className={styles.name}>
          <span className="display-font">{bot.name}</span>
          <span className={styles.age}>{bot.age}</span>
        </h3>
        {bodyType ? <p className={styles.meta}>{bodyType}</p> : null}
        {hobbies.length ? (
          <ul className={styles.hobbies} aria-label={t('bots.hobbies')}>
            {hobbies.map((hobby) => (
              <li key={hobby}>{hobby}</li>
            ))}
          </ul>
        ) : null}
      </Link>
      <button
        type="button"
        className={styles.hit}
        onClick={() => onOpen(bot)}
        disabled={busy}
        aria-label={
          hasChat ? t('bots.continueWith', { name: bot.name }) : t('bots.chatWith', { name: bot.name })
        }
      >
        {busy ? (
          <span className={styles.busy}>
            <Spinner size={28} />
          </span>
        ) : null}
      </button>
    </article>
  );
}
