import { resolve } from 'node:path';
import type { AppInstance } from '../../app-types.ts';
import type { Core } from '../../core.ts';
import { createMediaSigner } from '../../lib/media-signing.ts';
import { messageLanguageOf } from '../../lib/messages/index.ts';
import { serverRoot } from '../../lib/paths.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import { demoVideoDir } from '../bots/demo-art.ts';
import type { ChatsService } from '../chats/chats.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createChatMediaService, type ChatMediaService } from './chat-media.service.ts';
import { createMediaAccessService, type MediaAccessService } from './media-access.service.ts';
import { mediaCommandHandlers } from './media.commands.ts';
import { createMediaRepository } from './media.repository.ts';
import { mediaFileRoutes, mediaRoutes } from './media.routes.ts';
import { createMediaService, type MediaService } from './media.service.ts';
import { registerMediaSocket } from './media.socket.ts';
import { createEspeakWasmTts } from './tts/espeak-wasm-tts.ts';
import { createOpenAiTts } from './tts/openai-tts.ts';
import type { TtsEngine } from './tts/tts.ts';
import { createPreparedClipsProvider, type VideoProvider } from './video/video-provider.ts';

type MediaCore = Pick<Core, 'db' | 'config' | 'storage' | 'secrets' | 'onShutdown'>;

/**
 * Her photos, voice notes and videos, and who may open which file: signed per-user URLs
 * (decision 040). TTS from TTS_BASE_URL when set, else the built-in espeak-ng (WebAssembly).
 */
export function registerMediaModule(
  app: AppInstance,
  deps: { core: MediaCore; tts?: TtsEngine | undefined; videoProvider?: VideoProvider | undefined },
): { media: MediaService; mediaAccess: MediaAccessService } {
  const { db, config, storage, secrets } = deps.core;
  const repo = createMediaRepository();
  const media = createMediaService({
    db,
    repo,
    storage,
    tts:
      deps.tts ??
      (config.TTS_BASE_URL
        ? createOpenAiTts({
            baseUrl: config.TTS_BASE_URL,
            apiKey: config.TTS_API_KEY,
            model: config.TTS_MODEL,
          })
        : createEspeakWasmTts()),
    video:
      deps.videoProvider ??
      createPreparedClipsProvider(demoVideoDir() ?? resolve(serverRoot(), 'assets/demo-video')),
  });
  deps.core.onShutdown(async () => {
    await media.tts.close?.();
  });
  const signer = createMediaSigner(secrets.mediaSecret);
  const mediaAccess = createMediaAccessService({ db, repo, storage, signer });
  mediaFileRoutes(app, { access: mediaAccess, storage, signer });
  return { media, mediaAccess };
}

/**
 * Media in a chat: she sends photos, voice notes and videos (paid, through the ledger), the user
 * sends photos; the `/request_*` and voice commands; video jobs lost with their node are refunded.
 */
export function registerChatMediaModule(
  app: AppInstance,
  deps: {
    core: Pick<Core, 'db' | 'realtime' | 'background' | 'io'>;
    media: MediaService;
    chats: ChatsService;
    ledger: LedgerService;
    settings: SettingsService;
    users: UsersService;
  },
): ChatMediaService {
  const { db, realtime, background, io } = deps.core;
  const { chats } = deps;
  const chatMedia = createChatMediaService({
    db,
    repo: createMediaRepository(),
    media: deps.media,
    chats,
    ledger: deps.ledger,
    settings: deps.settings,
    realtime,
    background,
    log: app.log,
  });
  registerMediaSocket(io, chatMedia, app.log, async (userId) => {
    const user = await deps.users.findById(userId);
    return user ? messageLanguageOf(user.language) : null;
  });
  // Video jobs lost with their node (a restart mid-job) fail and refund: now and in every sweep.
  chats.companion.onSweep(async (now) => {
    await chatMedia.recoverLostVideos(now);
  });
  background.run(() => chatMedia.recoverLostVideos().then(() => undefined));
  const [requestCommand, voiceCommand] = mediaCommandHandlers(chatMedia);
  chats.commands.register(requestCommand);
  chats.commands.register(voiceCommand);
  mediaRoutes(app, chatMedia);
  return chatMedia;
}
