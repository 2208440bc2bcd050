import type { Message } from '@amora/shared/chat.ts';
import { levelRequiredOf } from '@amora/shared/media-rules.ts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { LockIcon } from '../../../components/ui/icons.tsx';
import { useTokenCosts } from '../../settings/hooks/use-settings.ts';
import { useVideoActions } from '../hooks/use-media-actions.ts';
import { LockedMedia } from './locked-media.tsx';
import { PhotoMessage } from './photo-message.tsx';
import { VideoMessage } from './video-message.tsx';
import { VoicePlayer } from './voice-player.tsx';
import styles from './media.module.css';

const VIDEO_EVENTS = new Set(['video', 'video_pending', 'video_error']);

/** "Get video": her offer after a video request in words (SPEC §9: the price from settings, the first free). */
function GetVideo({ chatId }: { chatId: string }) {
  const { t } = useTranslation();
  const costs = useTokenCosts();
  const { busy, request } = useVideoActions();
  return (
    <div className={styles.offer} data-testid="video-offer">
      <Button size="sm" loading={busy} onClick={() => void request(chatId)} data-testid="get-video">
        {t('media.video.get', { price: costs.tokens_for_get_video })}
      </Button>
      <span className={styles.offerHint}>{t('media.video.firstFree')}</span>
    </div>
  );
}

/** What comes above the text of a message: her photo, voice note or video, or what unlocks them. */
export function MessageMedia({ message, botName }: { message: Message; botName: string }) {
  const { t } = useTranslation();
  const who = message.self ? t('chat.you') : botName;
  const eventType = message.eventType ?? '';

  if (message.isBlured && !message.self) {
    const kind = eventType === 'voice' ? 'voice' : 'photo';
    return (
      <LockedMedia
        chatId={message.chatId}
        messageId={message._id}
        kind={kind}
        preview={kind === 'photo' ? message.bluredContent : null}
        botName={botName}
      />
    );
  }

  const level = levelRequiredOf(message.eventType);
  return (
    <>
      {message.photo ? <PhotoMessage src={message.photo} alt={t('chat.photoAlt', { name: who })} /> : null}
      {message.voice ? (
        <VoicePlayer src={message.voice} label={t('media.voice.from', { name: who })} />
      ) : null}
      {VIDEO_EVENTS.has(eventType) ? (
        <VideoMessage
          chatId={message.chatId}
          messageId={message._id}
          eventType={eventType}
          video={message.video}
          date={message.date}
          botName={botName}
        />
      ) : message.video ? (
        <VideoMessage
          chatId={message.chatId}
          messageId={message._id}
          eventType="video"
          video={message.video}
          date={message.date}
          botName={botName}
        />
      ) : null}
      {eventType === 'offer:video' && !message.self ? <GetVideo chatId={message.chatId} /> : null}
      {level !== null ? (
        <p className={styles.levelChip} data-testid="level-required" data-level={level}>
          <LockIcon size={13} aria-hidden="true" />
          {t('media.levelRequired', { level })}
        </p>
      ) : null}
    </>
  );
}
