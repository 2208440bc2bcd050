import { asLevel } from '@amora/shared/rules.ts';
import { isUnlocked, unlockLevel, type Feature } from '@amora/shared/companion.ts';
import { levelRequiredEvent, USER_PHOTO_MIN_POINTS } from '@amora/shared/media.ts';
import { forbidden } from '../../lib/errors.ts';
import type { ReplyAttachment, ReplyMedia } from '../chats/reply-media.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { MediaService, PhotoKind } from './media.service.ts';

/**
 * Media in conversations (implements the chat service's ReplyMedia): a photo or voice note she
 * attaches when the user asks in words (it arrives blurred: revealing it costs its price), her
 * voice notes in voice mode (each one debited), and the photos users send.
 */
export function createMediaReplies(deps: {
  media: MediaService;
  settings: SettingsService;
  lastPhotoFromHer: (chatId: string) => Promise<string | null>;
}): ReplyMedia {
  const { media, settings } = deps;
  const locked = (feature: Feature): ReplyAttachment => ({
    fields: { eventType: levelRequiredEvent(unlockLevel(feature)) },
  });

  return {
    async forReply(input) {
      const { chat, bot, user, intent } = input;
      if (bot.row.isSupport) return null;
      const level = asLevel(chat.level);

      const photo = async (kind: PhotoKind): Promise<ReplyAttachment | null> => {
        const pick = await media.pickPhoto({
          botId: bot.row.id,
          level,
          kind,
          excludeUrl: await deps.lastPhotoFromHer(chat.id),
        });
        if (!pick) return null;
        input.typing('photo');
        return {
          fields: {
            photo: pick.url,
            isBlured: true,
            bluredContent: await media.blurredPreview(pick.key),
            eventType: 'photo',
          },
        };
      };

      switch (intent) {
        case 'request_photo':
          return isUnlocked('photo', level) ? photo('casual') : locked('photo');
        case 'request_explicit':
          return isUnlocked('hotPhoto', level) ? photo('intimate') : locked('hotPhoto');
        case 'request_video':
          if (!bot.row.isVideo) return null;
          return isUnlocked('video', level) ? { fields: { eventType: 'offer:video' } } : locked('video');
        case 'request_voice':
          if (!isUnlocked('voice', level)) return locked('voice');
          if (!chat.voiceMode) {
            if (!(await media.ttsAvailable())) return null;
            input.typing('voice');
            const note = await media.speak({
              text: input.text,
              botId: bot.row.id,
              language: chat.language,
              sex: bot.row.sex,
              voice: bot.row.voice,
              ownerUserId: input.userId,
            });
            return { fields: { voice: note.url, isBlured: true, eventType: 'voice' } };
          }
          break;
        default:
          break;
      }

      // Voice mode: every reply is a voice note, each one paid.
      if (!chat.voiceMode || !isUnlocked('voice', level)) return null;
      const cost = (await settings.costs()).tokens_for_get_voice;
      if (user.tokens < cost || !(await media.ttsAvailable())) return null;
      input.typing('voice');
      const note = await media.speak({
        text: input.text,
        botId: bot.row.id,
        language: chat.language,
        sex: bot.row.sex,
        voice: bot.row.voice,
        ownerUserId: input.userId,
      });
      return {
        fields: { voice: note.url, eventType: 'voice' },
        ...(cost > 0
          ? { charge: { delta: -cost, reason: 'voice', idempotencyKey: `voice:${input.messageId}` } }
          : {}),
      };
    },

    async acceptUserPhoto({ user, chat, bot, dataUrl }) {
      if (bot.row.isSupport) throw forbidden('media.photoToSupport');
      if (user.status === 'New') throw forbidden('media.sendPhotoAfterPurchase');
      if (chat.points < USER_PHOTO_MIN_POINTS)
        throw forbidden('chat.atLevel', { level: unlockLevel('sendPhoto') });
      return media.storeUserPhoto(user.id, dataUrl);
    },
    userPhotoDataUrl: (url) => media.userPhotoDataUrl(url),
  };
}
