import type { Sex } from '@amora/shared/enums.ts';
import type { CharacterVoice } from '@amora/shared/voice.ts';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import type { MediaRow } from '../../db/schema/bots.ts';
import { AppError } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { newId } from '../../lib/tokens.ts';
import type { MediaRepository } from './media.repository.ts';
import {
  defaultVoice,
  extensionFor,
  speakableText,
  speechLanguage,
  type TtsEngine,
  type TtsVoice,
} from './tts/tts.ts';
import { acceptUserPhoto } from './user-photo.ts';
import type { GeneratedVideo, VideoProvider } from './video/video-provider.ts';

/** Which of her photos fit a request (SPEC §4: level 2 non-explicit and selfies, level 4 intimate). */
export type PhotoKind = 'casual' | 'intimate';
const categoriesFor: Record<PhotoKind, string[]> = {
  casual: ['non-explicit', 'selfie'],
  intimate: ['lingerie'],
};

export type PickedPhoto = { key: string; url: string };

/** A stable small number per character, so her voice is always the same. */
export function voiceSeed(id: string): number {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

/**
 * Where a voice note is stored: per listener (her notes are private to the chat), named by a hash
 * of the engine, the voice and the words, so the same note is found again instead of re-made.
 */
export function voiceNoteKey(tts: TtsEngine, ownerUserId: string, words: string, voice: TtsVoice): string {
  const hash = createHash('sha256')
    .update(
      JSON.stringify([
        tts.name,
        voice.language,
        voice.variant,
        voice.pitch,
        voice.speed,
        voice.sex,
        voice.seed,
        words,
      ]),
    )
    .digest('hex')
    .slice(0, 32);
  return `voice/${ownerUserId}/${hash}.${extensionFor[tts.mime]}`;
}

/**
 * Media assets: her photos (picked, blurred previews), voice notes (TTS), videos (a provider) and
 * the photos users send. Knows nothing about chats; the chat-media service wires these into them.
 */
export function createMediaService(deps: {
  db: Db;
  repo: MediaRepository;
  storage: MediaStorage;
  tts: TtsEngine;
  video: VideoProvider;
}) {
  const { db, repo, storage, tts, video } = deps;
  const speaking = new Map<string, Promise<{ url: string; durationMs: number | null }>>();

  return {
    tts,
    video,

    /**
     * One of her photos for `level`, never `excludeUrl` (the last one she sent) when she has another.
     * Null when she has none of that kind.
     */
    async pickPhoto(input: {
      botId: string;
      level: number;
      kind: PhotoKind;
      excludeUrl: string | null;
      random?: () => number;
    }): Promise<PickedPhoto | null> {
      const rows = await repo.botImages(db, input.botId, categoriesFor[input.kind], input.level);
      // Prefer what she shares at this level over what everyone sees on her profile.
      const ranked = rows.filter((r) => r.level >= 2).length ? rows.filter((r) => r.level >= 2) : rows;
      const fresh = ranked.filter((r) => storage.url(r.key) !== input.excludeUrl);
      const pool: MediaRow[] = fresh.length ? fresh : ranked;
      if (!pool.length) return null;
      const pick = pool[Math.floor((input.random ?? Math.random)() * pool.length)]!;
      return { key: pick.key, url: storage.url(pick.key) };
    },

    /** A heavily blurred, small preview of an image (made once, then reused). */
    async blurredPreview(key: string): Promise<string> {
      const blurKey = `blur/${key.replace(/\.[a-z0-9]+$/i, '')}.webp`;
      if (!(await storage.has(blurKey))) {
        const data = await storage.read(key);
        const webp = await sharp(data).resize({ width: 240 }).blur(18).webp({ quality: 60 }).toBuffer();
        await storage.put(blurKey, webp, 'image/webp');
      }
      return storage.url(blurKey);
    },

    async ttsAvailable(): Promise<boolean> {
      return tts.available();
    },

    /**
     * Her voice note of `text`, in her voice and the language the text is in (`language` is the
     * chat's). Made once: the same words in the same voice reuse the stored file (decision 051).
     * Answers 503 when no TTS engine works here.
     */
    async speak(input: {
      text: string;
      botId: string;
      sex: Sex;
      /** Her stored voice; null gives a default from her sex and id. */
      voice: CharacterVoice | null;
      /** The chat's language code. */
      language: string;
      ownerUserId: string;
    }): Promise<{ url: string; durationMs: number | null }> {
      if (!(await tts.available())) throw new AppError('UNAVAILABLE', 'media.voiceUnavailable');
      const words = speakableText(input.text);
      const seed = voiceSeed(input.botId);
      const voice: TtsVoice = {
        ...(input.voice ?? defaultVoice(input.sex, seed)),
        language: speechLanguage(words, input.language),
        sex: input.sex,
        seed,
      };
      const key = voiceNoteKey(tts, input.ownerUserId, words, voice);
      if (await storage.has(key)) return { url: storage.url(key), durationMs: null };
      // The same note asked twice at once is synthesized once.
      let making = speaking.get(key);
      if (!making) {
        making = (async () => {
          const audio = await tts.synthesize(words, voice);
          await storage.put(key, audio.data, audio.mime);
          await repo.insert(db, {
            id: newId(),
            key,
            botId: input.botId,
            ownerUserId: input.ownerUserId,
            kind: 'audio',
            category: 'voice',
            level: 1,
            mime: audio.mime,
            size: audio.data.length,
          });
          return { url: storage.url(key), durationMs: audio.durationMs };
        })().finally(() => speaking.delete(key));
        speaking.set(key, making);
      }
      return making;
    },

    /** Stores a generated video for one user. */
    async storeVideo(input: {
      clip: GeneratedVideo;
      botId: string;
      ownerUserId: string;
      jobId: string;
    }): Promise<string> {
      const key = `video/${input.ownerUserId}/${input.jobId}.${input.clip.ext}`;
      await storage.put(key, input.clip.data, input.clip.mime);
      await repo.insert(db, {
        id: newId(),
        key,
        botId: input.botId,
        ownerUserId: input.ownerUserId,
        kind: 'video',
        category: 'video',
        level: 4,
        mime: input.clip.mime,
        size: input.clip.data.length,
      });
      return storage.url(key);
    },

    /** A user's stored photo (by its URL) as a JPEG data URL; null for anything else. */
    async userPhotoDataUrl(url: string): Promise<string | null> {
      const key = url.startsWith('/media/') ? url.slice('/media/'.length) : null;
      if (!key || !/^user\/[\w-]+\/[\w-]+\.jpg$/.test(key)) return null;
      const jpeg = await storage.read(key);
      return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
    },
    /** Validates and stores a photo the user sent (400 for anything that is not a real image). */
    async storeUserPhoto(userId: string, dataUrl: string): Promise<string> {
      const photo = await acceptUserPhoto(dataUrl);
      const id = newId();
      const key = `user/${userId}/${id}.jpg`;
      await storage.put(key, photo.jpeg, 'image/jpeg');
      await repo.insert(db, {
        id,
        key,
        ownerUserId: userId,
        kind: 'image',
        category: 'user_content',
        level: 1,
        mime: 'image/jpeg',
        width: photo.width,
        height: photo.height,
        size: photo.jpeg.length,
      });
      return storage.url(key);
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
