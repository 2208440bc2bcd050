import type { Message } from '@amora/shared/chat.ts';
import { asLevel } from '@amora/shared/rules.ts';
import { isUnlocked, unlockLevel } from '@amora/shared/companion.ts';
import { engineLanguageFor } from '@amora/shared/enums.ts';
import { VIDEO_SLOW_AFTER_MS, type VideoJob } from '@amora/shared/media.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ChatRow } from '../../db/schema/chats.ts';
import type { UserRow } from '../../db/schema/users.ts';
import type { VideoJobRow } from '../../db/schema/video-jobs.ts';
import type { Background } from '../../lib/background.ts';
import { AppError, forbidden, insufficientTokens, notFound } from '../../lib/errors.ts';
import { msg, type Msg } from '../../lib/messages/index.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { newId } from '../../lib/tokens.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { BotWithRow } from '../bots/bots.service.ts';
import type { ChatsService } from '../chats/chats.service.ts';
import { commonRefusal } from '../chats/commands.ts';
import type { ChargeIn } from '../chats/reply-media.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { caption } from './captions.ts';
import type { MediaRepository } from './media.repository.ts';
import type { MediaService, PhotoKind } from './media.service.ts';

/** A pending job older than this was lost with its node (the slowest real provider finishes well within). */
export const VIDEO_LOST_AFTER_MS = 15 * 60_000;
const LOST_JOB_ERROR = 'lost: the server stopped while making it; tokens refunded';

export function toVideoJobDto(job: VideoJobRow, now = Date.now()): VideoJob {
  const slow = job.status === 'pending' && now - job.startedAt.getTime() > VIDEO_SLOW_AFTER_MS;
  return {
    _id: job.id,
    chatId: job.chatId,
    messageId: job.messageId,
    status: slow ? 'slow' : job.status,
    cost: job.cost,
    attempts: job.attempts,
  };
}

/**
 * Media flows inside chats: revealing a blurred photo or voice note, photos and voice notes on
 * request, voice mode, and video jobs (SPEC §4 video generation).
 */
export function createChatMediaService(deps: {
  db: Db;
  repo: MediaRepository;
  media: MediaService;
  chats: ChatsService;
  ledger: LedgerService;
  settings: SettingsService;
  realtime: Realtime;
  background: Background;
  log: FastifyBaseLogger;
}) {
  const { db, repo, media, chats, ledger, settings, realtime, background, log } = deps;

  const typing = (userId: string, chatId: string, state: 'photo' | 'voice' | 'video' | null) =>
    realtime.toUser(userId, 'typing', { chatId, state });

  /** Why she will not make a video now (403), or null. */
  async function videoRefusal(chat: ChatRow, bot: BotWithRow): Promise<Msg | null> {
    if (!bot.row.isVideo || !media.video.supports(bot.row.remoteId))
      return msg('media.noVideos', { name: bot.row.name });
    if (!isUnlocked('video', asLevel(chat.level)))
      return msg('chat.atLevel', { level: unlockLevel('video') });
    if (chat.videoRequested >= bot.row.videoQuality)
      return msg('media.allVideos', { count: bot.row.videoQuality, name: bot.row.name });
    if (await repo.pendingInChat(db, chat.id)) return msg('media.videoPending');
    return null;
  }

  /** SPEC §9: a video costs tokens_for_get_video; the user's first one is free. */
  async function videoCost(userId: string): Promise<number> {
    if ((await repo.countForUser(db, userId)) === 0) return 0;
    return (await settings.costs()).tokens_for_get_video;
  }

  async function runVideoJob(jobId: string): Promise<void> {
    const job = await repo.findJob(db, jobId);
    if (!job || job.status !== 'pending') return;
    const attempt = { attempts: job.attempts };
    try {
      const { chat, bot, user } = await chats.ownedChat(job.userId, job.chatId);
      const index = await repo.countDoneInChat(db, chat.id);
      const clip = await media.video.generate({ remoteId: bot.row.remoteId, name: bot.row.name, index });
      const url = await media.storeVideo({ clip, botId: bot.row.id, ownerUserId: job.userId, jobId: job.id });
      const done = await repo.updatePendingJob(db, job.id, attempt, {
        status: 'done',
        mediaKey: url,
        finishedAt: new Date(),
        error: null,
      });
      // Given up on as lost (and refunded) meanwhile: that outcome stands.
      if (!done) return;
      await chats.updateBotMessage({
        userId: job.userId,
        chatId: chat.id,
        messageId: job.messageId,
        patch: () => ({
          video: url,
          eventType: 'video',
          text: caption(engineLanguageFor(chat.language), 'videoReady', user.name),
        }),
      });
    } catch (err) {
      log.error({ err, jobId }, 'video job failed');
      const failed = await repo.updatePendingJob(db, job.id, attempt, {
        status: 'error',
        error: String(err).slice(0, 500),
        finishedAt: new Date(),
      });
      if (!failed) return;
      await markVideoFailed(failed);
    } finally {
      typing(job.userId, job.chatId, null);
    }
  }

  async function markVideoFailed(job: VideoJobRow): Promise<void> {
    await chats
      .updateBotMessage({
        userId: job.userId,
        chatId: job.chatId,
        messageId: job.messageId,
        patch: () => ({ eventType: 'video_error' }),
      })
      .catch((e: unknown) => log.error({ err: e, jobId: job.id }, 'could not mark the video failed'));
  }

  /**
   * A job still pending long after it started was lost with the node that was making it (a restart
   * mid-job). It fails, its tokens come back once through the ledger (the idempotency key names the
   * job and attempt), and the chat shows the error state with "try again". Safe on several nodes.
   */
  async function recoverLostVideos(now: Date = new Date(), limit = 100): Promise<{ recovered: number }> {
    const before = new Date(now.getTime() - VIDEO_LOST_AFTER_MS);
    let recovered = 0;
    for (const lost of await repo.lostJobs(db, before, limit)) {
      try {
        const result = await db.transaction(async (tx) => {
          const job = await repo.updatePendingJob(
            tx,
            lost.id,
            { attempts: lost.attempts, startedBefore: before },
            { status: 'error', error: LOST_JOB_ERROR, finishedAt: now },
          );
          if (!job) return null;
          const refund =
            job.cost > 0
              ? await ledger.applyIn(tx, {
                  userId: job.userId,
                  delta: job.cost,
                  reason: 'refund',
                  reference: job.id,
                  idempotencyKey: `refund:video:${job.id}:${job.attempts}`,
                })
              : null;
          return { job, refund };
        });
        if (!result) continue;
        recovered++;
        if (result.refund?.applied) ledger.notifyBalance(result.job.userId, result.refund.balance);
        await markVideoFailed(result.job);
        typing(result.job.userId, result.job.chatId, null);
      } catch (err) {
        log.error({ err, jobId: lost.id }, 'recovering a lost video job failed');
      }
    }
    return { recovered };
  }

  /** Starts a video job: the placeholder message (charged) now, the clip from the background. */
  async function startVideo(input: {
    user: UserRow;
    chat: ChatRow;
    bot: BotWithRow;
    cost: number;
    charge: ChargeIn;
  }): Promise<{ job: VideoJobRow; message: Message; balance: number }> {
    const { user, chat, bot } = input;
    const messageId = newId();
    const job = await repo.insertJob(db, {
      id: newId(),
      userId: user.id,
      chatId: chat.id,
      botId: bot.row.id,
      messageId,
      cost: input.cost,
      provider: media.video.name,
    });
    let posted: Awaited<ReturnType<ChatsService['postBotMessage']>>;
    try {
      posted = await chats.postBotMessage({
        userId: user.id,
        chatId: chat.id,
        id: messageId,
        fields: {
          text: caption(engineLanguageFor(chat.language), 'video', user.name),
          eventType: 'video_pending',
        },
        charge: input.charge,
        patch: (c) => ({ videoRequested: c.videoRequested + 1 }),
      });
    } catch (err) {
      await repo.deleteJob(db, job.id);
      throw err;
    }
    typing(user.id, chat.id, 'video');
    background.run(() => runVideoJob(job.id));
    return { job, message: posted.message, balance: posted.balance ?? user.tokens };
  }

  async function deliverPhoto(input: {
    user: UserRow;
    chat: ChatRow;
    bot: BotWithRow;
    charge: ChargeIn;
  }): Promise<number> {
    const { user, chat, bot } = input;
    const level = asLevel(chat.level);
    // At level 4 with spicy talk on (or in a sexting mood) she picks an intimate one.
    const kind: PhotoKind =
      isUnlocked('hotPhoto', level) && (chat.spicy || chat.mood === 'Sexting') ? 'intimate' : 'casual';
    const pick =
      (await media.pickPhoto({
        botId: bot.row.id,
        level,
        kind,
        excludeUrl: await chats.lastPhotoFromHer(chat.id),
      })) ?? (await media.pickPhoto({ botId: bot.row.id, level, kind: 'casual', excludeUrl: null }));
    if (!pick) throw forbidden('media.noPhotos', { name: bot.row.name });
    typing(user.id, chat.id, 'photo');
    try {
      const posted = await chats.postBotMessage({
        userId: user.id,
        chatId: chat.id,
        fields: {
          text: caption(engineLanguageFor(chat.language), 'photo', user.name),
          photo: pick.url,
          eventType: 'photo',
        },
        charge: input.charge,
      });
      return posted.balance ?? user.tokens;
    } finally {
      typing(user.id, chat.id, null);
    }
  }

  async function deliverVoice(input: {
    user: UserRow;
    chat: ChatRow;
    bot: BotWithRow;
    charge: ChargeIn;
  }): Promise<number> {
    const { user, chat, bot } = input;
    if (!(await media.ttsAvailable())) throw new AppError('UNAVAILABLE', 'media.voiceUnavailable');
    const text = caption(engineLanguageFor(chat.language), 'voice', user.name);
    typing(user.id, chat.id, 'voice');
    try {
      const note = await media.speak({
        text,
        botId: bot.row.id,
        language: engineLanguageFor(chat.language),
        sex: bot.row.sex,
        voice: bot.row.voice,
        ownerUserId: user.id,
      });
      const posted = await chats.postBotMessage({
        userId: user.id,
        chatId: chat.id,
        fields: { text, voice: note.url, eventType: 'voice' },
        charge: input.charge,
      });
      return posted.balance ?? user.tokens;
    } finally {
      typing(user.id, chat.id, null);
    }
  }

  /** Voice mode on or off; on needs level 2, a working TTS engine and tokens for one voice note. */
  async function setVoiceMode(input: { user: UserRow; chat: ChatRow; on: boolean }): Promise<void> {
    const { user, chat, on } = input;
    if (on) {
      if (!isUnlocked('voice', asLevel(chat.level)))
        throw forbidden('chat.atLevel', { level: unlockLevel('voice') });
      if (user.tokens < (await settings.costs()).tokens_for_get_voice) throw insufficientTokens();
      if (!(await media.ttsAvailable())) throw new AppError('UNAVAILABLE', 'media.voiceUnavailable');
    }
    if (chat.voiceMode !== on) await chats.patchChat(user.id, chat.id, { voiceMode: on });
  }

  const ledgerCharge =
    (
      userId: string,
      cost: number,
      reason: 'photo' | 'voice' | 'video',
      key: string,
      reference: string,
    ): ChargeIn =>
    async (tx: DbOrTx) => {
      if (cost <= 0) return null;
      const r = await ledger.applyIn(tx, { userId, delta: -cost, reason, reference, idempotencyKey: key });
      return r.balance;
    };

  return {
    videoRefusal,
    videoCost,
    startVideo,
    recoverLostVideos,
    deliverPhoto,
    deliverVoice,
    setVoiceMode,

    /** Reveals a blurred photo or voice note of hers for its price (idempotent: paid once). */
    async reveal(
      userId: string,
      chatId: string,
      messageId: string,
    ): Promise<{ updatedTokens: number; message: Message }> {
      await chats.ownedChat(userId, chatId);
      const costs = await settings.costs();
      const { message, balance } = await chats.updateBotMessage({
        userId,
        chatId,
        messageId,
        patch: (m) => {
          if (!m.isBlured) return null;
          if (!m.photo && !m.voice) throw notFound('media.nothingToReveal');
          return { isBlured: false, bluredContent: null };
        },
        charge: async (tx, m) => {
          const voice = !m.photo && m.voice !== null;
          const cost = voice ? costs.tokens_for_get_voice : costs.tokens_for_get_photo;
          return ledgerCharge(userId, cost, voice ? 'voice' : 'photo', `reveal:${m.id}`, m.id)(tx);
        },
      });
      return { updatedTokens: balance ?? (await chats.ownedChat(userId, chatId)).user.tokens, message };
    },

    /** POST /api/media/generate-video. */
    async generateVideo(userId: string, chatId: string) {
      const { user, chat, bot } = await chats.ownedChat(userId, chatId);
      const common = commonRefusal({
        name: 'request',
        isNewUser: user.status === 'New',
        isSupport: bot.row.isSupport,
        broken: chat.status === 'broken',
      });
      if (common) throw forbidden(common);
      const refusal = await videoRefusal(chat, bot);
      if (refusal) throw forbidden(refusal);
      const cost = await videoCost(userId);
      if (cost > user.tokens) throw insufficientTokens();
      const key = `video:${newId()}`;
      const started = await startVideo({
        user,
        chat,
        bot,
        cost,
        charge: ledgerCharge(userId, cost, 'video', key, chat.id),
      });
      return { updatedTokens: started.balance, job: toVideoJobDto(started.job), message: started.message };
    },

    /** POST /api/media/regenerate-video: tries a failed or slow job again (free; paid again after a lost job's refund). */
    async regenerateVideo(userId: string, messageId: string) {
      const job = await repo.findJobByMessage(db, userId, messageId);
      if (!job) throw notFound('media.videoNotFound');
      const { user } = await chats.ownedChat(userId, job.chatId);
      const state = toVideoJobDto(job).status;
      if (state === 'done') throw new AppError('CONFLICT', 'media.videoReady');
      if (state === 'pending') throw new AppError('CONFLICT', 'media.videoInProgress');
      // A lost job gave its tokens back, so trying again is paid again; a failed one is free.
      const cost = job.error === LOST_JOB_ERROR ? job.cost : 0;
      if (cost > user.tokens) throw insufficientTokens();
      const next: { job: VideoJobRow | null } = { job: null };
      const { message, balance } = await chats.updateBotMessage({
        userId,
        chatId: job.chatId,
        messageId: job.messageId,
        patch: () => ({ eventType: 'video_pending' }),
        // The next attempt starts with the message and its charge, once (a second click gets 409).
        charge: async (tx) => {
          next.job = await repo.claimRetry(tx, job, new Date());
          if (!next.job) throw new AppError('CONFLICT', 'media.videoInProgress');
          return ledgerCharge(userId, cost, 'video', `video:${job.id}:${next.job.attempts}`, job.chatId)(tx);
        },
      });
      if (!next.job) throw new AppError('CONFLICT', 'media.videoInProgress');
      typing(userId, job.chatId, 'video');
      background.run(() => runVideoJob(job.id));
      return { updatedTokens: balance ?? user.tokens, job: toVideoJobDto(next.job), message };
    },

    /** The socket event set_voice_mode (SPEC §7). */
    async setVoiceModeFor(userId: string, chatId: string, on: boolean): Promise<void> {
      const { user, chat, bot } = await chats.ownedChat(userId, chatId);
      const common = commonRefusal({
        name: 'voice',
        isNewUser: user.status === 'New',
        isSupport: bot.row.isSupport,
        broken: chat.status === 'broken',
      });
      if (common) throw forbidden(common);
      await setVoiceMode({ user, chat, on });
    },
  };
}
export type ChatMediaService = ReturnType<typeof createChatMediaService>;
