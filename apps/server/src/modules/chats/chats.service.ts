import { CHAT_PAGE_SIZE } from '@amora/shared/constants.ts';
import {
  checkMessage,
  type Chat,
  type ChatWithMessages,
  type Message,
  type SendMessageBody,
} from '@amora/shared/chat.ts';
import { asLevel } from '@amora/shared/rules.ts';
import { modeLabelFor } from '@amora/shared/companion.ts';
import { Language, Mood, engineLanguageFor, engineLanguages } from '@amora/shared/enums.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ChatRow, HistoryRow, MessageRow, OwedReplyRow } from '../../db/schema/chats.ts';
import type { ChatPatch } from './chats.repository.ts';
import type { UserRow } from '../../db/schema/users.ts';
import type { Background } from '../../lib/background.ts';
import {
  AppError,
  banned,
  forbidden,
  insufficientTokens,
  isRefusal,
  isUniqueViolation,
  notFound,
} from '../../lib/errors.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { createEntityCache } from '../../lib/entity-cache.ts';
import type { SharedState } from '../../lib/shared-state.ts';
import { newId } from '../../lib/tokens.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { BotWithRow, BotsService } from '../bots/bots.service.ts';
import type { IdempotencyService } from '../idempotency/idempotency.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { toChatDto, toChatState, toMessageDto } from './chats.mapper.ts';
import { createCommandDispatcher } from './commands.ts';
import { registerCompanionCommands } from './companion-commands.ts';
import { createCompanionService, relationshipState } from './companion.service.ts';
import { afterReply } from './relationship.ts';
import { createReplyStream } from './reply-stream.ts';
import type { ChatsRepository } from './chats.repository.ts';
import type { Brain, BrainContext } from '@amora/companion/engine/brain.ts';
import type { BotMessageFields, ChargeIn, ReplyAttachment, ReplyMedia } from './reply-media.ts';
import type { SafetyVerdict } from '@amora/companion/safety/detect.ts';
import type { SafetyIntercept, SafetyService } from '../safety/safety.service.ts';
import {
  CHECK_IN_EVENT,
  checkInReply,
  needsCheckIn,
  SAFETY_EVENT,
  SAFETY_MINOR_EVENT,
} from '@amora/companion/safety/respond.ts';

const HISTORY_TURNS = 20;
/** Overdue replies one sweep settles at most (the next sweep takes the rest). */
const SWEEP_BATCH = 100;

/** The reply was settled elsewhere meanwhile (the recovery sweep failed and refunded it). */
class ReplySuperseded extends Error {
  constructor() {
    super('the owed reply was settled elsewhere');
  }
}

export type ChatsDeps = {
  db: Db;
  /** The bus the chat-head cache's invalidations travel on (decision 120). */
  shared: SharedState;
  repo: ChatsRepository;
  bots: BotsService;
  users: UsersService;
  ledger: LedgerService;
  settings: SettingsService;
  /** Client idempotency keys (a command's requestId): modules/idempotency. */
  idempotency: IdempotencyService;
  realtime: Realtime;
  brain: Brain;
  /** The chat languages the engine writes (issue 10 item 6); a chat in another one is refused. */
  chatLanguages?: readonly Language[];
  background: Background;
  log: FastifyBaseLogger;
  replyDelayMs: number;
  /**
   * How long a paid reply may take (decision 033): past it, the recovery sweep on any node fails
   * and refunds it, and a send may take the chat's lock again. Default 2 minutes.
   */
  replyDeadlineMs?: number;
  /** Photos, voice notes and videos in replies, and photos from users (modules/media). */
  replyMedia?: ReplyMedia;
  /** The safety layer in front of every engine (modules/safety, decision 044). */
  safety?: Pick<SafetyService, 'screen'> & Partial<Pick<SafetyService, 'warmUp' | 'classify'>>;
};

/** Human-like typing time: longer replies take longer; REPLY_DELAY_MS scales it (0 = immediate). */
export function typingDelay(text: string, scaleMs: number, random: () => number = Math.random): number {
  if (scaleMs <= 0) return 0;
  const chars = Math.min([...text].length, 320);
  const factor = 0.6 + chars / 90 + random() * 0.4;
  return Math.round(scaleMs * factor);
}

export function createChatsService(deps: ChatsDeps) {
  const { db, bots, users, ledger, settings, realtime, brain, background, log } = deps;
  const deadlineMs = deps.replyDeadlineMs ?? 120_000;

  /**
   * Chat heads (decision 120): the chat row as last read or written on this node, for the send's
   * checks before its one statement. Only its owner and character (never change) and its
   * language and status (re-checked by that statement, which writes nothing when they moved on)
   * are relied on, so a stale copy costs a second try, never a wrong charge. Writes of the
   * language or status drop it on every node; each send keeps the row it locked.
   */
  const heads = createEntityCache<ChatRow | null>({
    name: 'chats',
    shared: deps.shared,
    load: (id) => deps.repo.findById(db, id),
  });
  const touchesHead = (patch: ChatPatch) => 'language' in patch || 'status' in patch;
  const repo: ChatsRepository = {
    ...deps.repo,
    async update(d, chatId, patch) {
      const row = await deps.repo.update(d, chatId, patch);
      if (touchesHead(patch)) heads.invalidate(chatId);
      return row;
    },
    async updateAllForUser(d, userId, patch) {
      const ids = await deps.repo.updateAllForUser(d, userId, patch);
      if (touchesHead(patch)) for (const id of ids) heads.invalidate(id);
      return ids;
    },
  };

  /** Records the reply owed for a stored user message, in the caller's transaction. */
  async function owe(
    tx: DbOrTx,
    input: { userId: string; chatId: string; messageId: string; charged: number },
  ): Promise<void> {
    await repo.owe(tx, { ...input, deadlineAt: new Date(Date.now() + deadlineMs) });
  }

  function assertCanChat(user: UserRow): void {
    if (user.banned) throw banned(user.bannedReason);
  }

  const spoken: readonly Language[] = deps.chatLanguages ?? engineLanguages;
  const speaks = (language: string): boolean => (spoken as readonly string[]).includes(language);
  /** 409 for a chat language the engine does not write: never a silent English reply to it. */
  function assertSpoken(language: string): void {
    if (!speaks(language))
      throw new AppError('CONFLICT', 'chat.languageUnsupported', {
        language: language.toUpperCase(),
        languages: spoken.map((l) => l.toUpperCase()).join(', '),
      });
  }

  async function owned(userId: string, chatId: string): Promise<ChatRow> {
    const chat = await repo.findOwned(db, userId, chatId);
    if (!chat) throw notFound('chat.notFound');
    return chat;
  }

  function brainContext(
    chat: ChatRow,
    bot: BotWithRow,
    user: Pick<UserRow, 'name' | 'age' | 'sex'>,
  ): Omit<BrainContext, 'userMessage' | 'history'> {
    const persona = bot.row.persona;
    if (!persona) throw new Error(`Character ${bot.row.id} has no persona`);
    return {
      character: {
        name: bot.row.name,
        age: bot.row.age,
        sex: bot.row.sex,
        hobbies: bot.row.hobbies,
        persona,
      },
      language: engineLanguageFor(chat.language),
      chatLanguage: Language.catch('en').parse(chat.language),
      user: { name: user.name, age: user.age, sex: user.sex ?? null },
      chat: {
        level: asLevel(chat.level),
        points: chat.points,
        mood: Mood.catch('Neutral').parse(chat.mood),
        mode: modeLabelFor(chat.mode),
        spicy: chat.spicy,
      },
      memory: chat.memory,
      now: new Date(),
    };
  }

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0 || background.closing) return resolve();
      const t = setTimeout(resolve, ms);
      t.unref();
    });

  function emitState(userId: string, chat: ChatRow): void {
    realtime.toUser(userId, 'chat', toChatState(chat));
  }

  // Issue 3: relationship, likes, read receipts, resets, the relationship clock, and commands.
  const companion = createCompanionService({
    db,
    repo,
    bots,
    users,
    settings,
    realtime,
    brain,
    log,
    brainContext,
  });
  const commands = createCommandDispatcher({
    db,
    repo,
    bots,
    users,
    ledger,
    settings,
    idempotency: deps.idempotency,
  });
  registerCompanionCommands(commands, {
    db,
    repo,
    realtime,
    companion,
    staleLockMs: deadlineMs,
    owe,
    assertSpoken,
    replyLater: ({ userId, chatId, userMessage }) =>
      background.run(() => reply({ userId, chatId, userMessage, charged: 0 })),
  });

  /** Generates, stores and delivers her reply to a user message; refunds the message if it fails. */
  async function reply(input: {
    userId: string;
    chatId: string;
    userMessage: MessageRow;
    charged: number;
    /**
     * The user's row as the send read it a moment ago (saves a read): the reply never writes it,
     * and a profile edit landing between the two is the same as one landing just after the reply.
     */
    user?: UserRow;
    /** The chat as the send locked it, and the messages before this one (the same hand-over). */
    chat?: ChatRow;
    recent?: HistoryRow[];
    /** The message's safety verdict, when the send started it beside its statement (decision 200). */
    verdict?: Promise<SafetyVerdict>;
  }): Promise<void> {
    const { userId, chatId, userMessage } = input;
    // Her message id exists before the text does, so a streamed reply grows under one `_id`.
    const replyId = newId();
    let stream: ReturnType<typeof createReplyStream> | null = null;
    try {
      const chat = input.chat ?? (await owned(userId, chatId));
      const bot = await bots.get(chat.botId);
      const user = input.user ?? (await users.getById(userId));
      // Safety (decision 044): a crisis or under-18 statement never reaches the engine.
      const intercept = await deps.safety?.screen({
        user,
        chatId,
        messageId: userMessage.id,
        text: userMessage.text,
        language: chat.language,
        verdict: input.verdict,
      });
      if (intercept) return await safetyReply(input, chat, replyId, intercept);
      const recent = input.recent ?? (await repo.page(db, chatId, HISTORY_TURNS + 1));
      // After a crisis reply her next turn is a gentle check-in, not the engine (decision 062).
      if (needsCheckIn(recent.filter((m) => m.id !== userMessage.id))) {
        const reply = checkInReply(chat.language, user.country ?? user.geoCountry);
        return await safetyReply(input, chat, replyId, { kind: 'crisis', reply }, CHECK_IN_EVENT);
      }
      const history = recent
        .filter((m) => m.id !== userMessage.id && (!m.eventType || m.eventType === 'write_first'))
        .reverse()
        .map((m) => ({ self: m.self, text: m.text }));
      realtime.toUser(userId, 'typing', { chatId, state: 'typing' });
      const context: BrainContext = {
        ...brainContext(chat, bot, user),
        history,
        userMessage: userMessage.text,
        userPhoto: userMessage.photo !== null,
      };
      if (userMessage.photo && brain.seesPhotos && deps.replyMedia?.userPhotoDataUrl) {
        const seen = await deps.replyMedia.userPhotoDataUrl(userMessage.photo).catch((err: unknown) => {
          log.warn({ err, chatId }, 'could not read the user photo for the engine');
          return null;
        });
        if (seen) context.userPhotoUrl = seen;
      }
      if (brain.stream) {
        stream = createReplyStream({
          realtime,
          userId,
          chatId,
          messageId: replyId,
          botId: chat.botId,
          responseMessageId: userMessage.id,
          language: engineLanguageFor(chat.language),
        });
      }
      const answer =
        stream && brain.stream ? await brain.stream(context, stream.push) : await brain.reply(context);
      stream?.stop();
      // A streamed reply took its real time to write; only the instant engine simulates typing.
      const delay = stream ? 0 : typingDelay(answer.text, deps.replyDelayMs);
      await wait(delay);
      const media = await attachMedia({
        userId,
        user,
        chat,
        bot,
        intent: answer.intent,
        text: answer.text,
        messageId: replyId,
      });
      const outcome = afterReply(
        relationshipState(chat),
        {
          pointsDelta: answer.pointsDelta,
          engineMood: answer.mood,
          photo: userMessage.photo !== null,
          now: new Date(),
        },
        (await settings.get()).companion,
      );
      const replyRow = {
        id: replyId,
        chatId,
        userId,
        self: false,
        text: answer.text,
        language: engineLanguageFor(chat.language),
        delayMs: delay,
        responseMessageId: userMessage.id,
        ...media?.fields,
      };
      const replyPatch: ChatPatch = { memory: answer.memory, typing: null, lastActivityAt: new Date() };
      // The usual reply (no level change, no break-up, nothing to charge) is ONE statement
      // (decision 120): the claim, her message, the chat's points and its lock.
      if (!outcome.levelChange && !outcome.brokeUp && !media?.charge) {
        const stored = await repo.storeReply(db, {
          userMessageId: userMessage.id,
          chatId,
          message: replyRow,
          patch: companion.outcomePatch(outcome, replyPatch),
        });
        if (!stored.settled || !stored.message) throw new ReplySuperseded();
        realtime.toUser(userId, 'message', { chatId, message: toMessageDto(stored.message, chat.botId) });
        realtime.toUser(userId, 'typing', { chatId, state: null });
        companion.publish(userId, stored.chat ?? chat, []);
        return;
      }
      const { message, updated, balance, events } = await db.transaction(async (tx) => {
        // Taking the owed reply off the books is the claim: if the sweep failed it meanwhile (and
        // refunded it), this late reply is dropped, so the user gets one outcome, not two.
        const { settled, stillOwed } = await repo.settleOwedAndCheck(tx, userMessage.id, chatId);
        if (!settled) throw new ReplySuperseded();
        const message = await repo.insertMessage(tx, replyRow);
        const paid = media?.charge
          ? await ledger.applyIn(tx, { userId, ...media.charge, reference: replyId })
          : null;
        // Relationship (issue 3): points, level-change messages, mood, and a break-up for abuse.
        const applied = await companion.applyOutcome(tx, chat, outcome, {
          cause: 'abuse',
          userName: user.name,
          patch: { ...replyPatch, ...(stillOwed ? {} : { locked: false, lockedAt: null }) },
        });
        return {
          message,
          updated: applied.chat,
          events: applied.messages,
          balance: paid?.applied ? paid.balance : null,
        };
      });
      if (balance !== null) ledger.notifyBalance(userId, balance);
      realtime.toUser(userId, 'message', { chatId, message: toMessageDto(message, chat.botId) });
      realtime.toUser(userId, 'typing', { chatId, state: null });
      companion.publish(userId, updated, events);
    } catch (err) {
      if (err instanceof ReplySuperseded)
        log.warn({ chatId, messageId: userMessage.id }, 'reply finished after its deadline; dropped');
      else log.error({ err, chatId, messageId: userMessage.id }, 'reply failed');
      stream?.stop();
      // The part of her reply the client already saw will not be stored: mark it failed too.
      if (stream?.emitted) realtime.toUser(userId, 'message_failed', { chatId, messageId: replyId });
      await failReply(input).catch((e: unknown) =>
        log.error({ err: e, chatId }, 'could not undo a failed reply'),
      );
    }
  }

  /**
   * The safety layer's reply instead of the engine's: both messages are marked `safety` (event
   * messages stay out of the history engines read, so nothing of it is learnt or recalled), the
   * message is refunded, and the chat unlocks.
   */
  async function safetyReply(
    input: { userId: string; chatId: string; userMessage: MessageRow; charged: number },
    chat: ChatRow,
    replyId: string,
    intercept: SafetyIntercept,
    /** Her message's event type: the crisis reply, the stop for a minor, or the later check-in. */
    eventType: string = intercept.kind === 'minor' ? SAFETY_MINOR_EVENT : SAFETY_EVENT,
  ): Promise<void> {
    const { userId, chatId, userMessage, charged } = input;
    const result = await db.transaction(async (tx) => {
      // The same claim as an engine's reply (decision 033): the owed reply comes off the books, so
      // the sweep cannot refund it a second time and the chat's lock is not held for it.
      const { settled, stillOwed } = await repo.settleOwedAndCheck(tx, userMessage.id, chatId);
      if (!settled) throw new ReplySuperseded();
      const mine = await repo.updateMessage(tx, userMessage.id, { eventType: 'safety' });
      const message = await repo.insertMessage(tx, {
        id: replyId,
        chatId,
        userId,
        self: false,
        text: intercept.reply,
        eventType,
        language: chat.language,
        responseMessageId: userMessage.id,
      });
      const refund =
        charged > 0
          ? await ledger.applyIn(tx, {
              userId,
              delta: charged,
              reason: 'refund',
              reference: userMessage.id,
              idempotencyKey: `refund:message:${userMessage.id}`,
            })
          : null;
      const updated = await repo.update(tx, chatId, {
        ...(stillOwed ? {} : { locked: false, lockedAt: null, typing: null }),
        lastActivityAt: new Date(),
      });
      return { mine, message, refund, updated };
    });
    if (result.refund?.applied) ledger.notifyBalance(userId, result.refund.balance);
    if (result.mine)
      realtime.toUser(userId, 'message', { chatId, message: toMessageDto(result.mine, chat.botId) });
    realtime.toUser(userId, 'message', { chatId, message: toMessageDto(result.message, chat.botId) });
    realtime.toUser(userId, 'typing', { chatId, state: null });
    if (result.updated) emitState(userId, result.updated);
  }

  /** Media for her reply (a photo asked for in words, a voice note in voice mode); never fails the reply. */
  async function attachMedia(
    input: Omit<Parameters<ReplyMedia['forReply']>[0], 'typing'>,
  ): Promise<ReplyAttachment | null> {
    if (!deps.replyMedia) return null;
    try {
      return await deps.replyMedia.forReply({
        ...input,
        typing: (state) => realtime.toUser(input.userId, 'typing', { chatId: input.chat.id, state }),
      });
    } catch (err) {
      log.error({ err, chatId: input.chat.id }, 'reply media failed; sending text only');
      return null;
    }
  }

  /**
   * Fails an owed reply the caller has just claimed (taken off the books) in `tx`: the message is
   * marked failed, its cost refunded once, and the chat unlocked unless another reply is owed.
   */
  async function failOwedIn(tx: DbOrTx, owed: OwedReplyRow) {
    await repo.updateMessage(tx, owed.messageId, { failed: true });
    const refund =
      owed.charged > 0
        ? await ledger.applyIn(tx, {
            userId: owed.userId,
            delta: owed.charged,
            reason: 'refund',
            reference: owed.messageId,
            idempotencyKey: `refund:message:${owed.messageId}`,
          })
        : null;
    const stillOwed = await repo.hasOwed(tx, owed.chatId);
    const chat = await repo.update(
      tx,
      owed.chatId,
      stillOwed ? { typing: null } : { locked: false, lockedAt: null, typing: null },
    );
    return { owed, refund, chat };
  }

  /** After the failing transaction committed: the user's devices hear of it. */
  function publishFailed(result: Awaited<ReturnType<typeof failOwedIn>>): void {
    const { owed, refund, chat } = result;
    realtime.toUser(owed.userId, 'typing', { chatId: owed.chatId, state: null });
    realtime.toUser(owed.userId, 'message_failed', { chatId: owed.chatId, messageId: owed.messageId });
    if (refund?.applied) ledger.notifyBalance(owed.userId, refund.balance);
    if (chat) emitState(owed.userId, chat);
  }

  /** A reply that could not be produced: mark the message failed, refund it, unlock the chat (once). */
  async function failReply(input: {
    userId: string;
    chatId: string;
    userMessage: MessageRow;
    charged: number;
  }) {
    const result = await db.transaction(async (tx) => {
      const owed = await repo.settleOwed(tx, input.userMessage.id);
      return owed ? failOwedIn(tx, owed) : null;
    });
    if (result) publishFailed(result);
  }

  /**
   * The recovery sweep (decision 033): every reply owed past its deadline — its node died or
   * stalled — fails and is refunded, once across nodes (each row is claimed by a conditional
   * delete in the transaction that refunds it), and its chat unlocks.
   */
  async function recoverOverdueReplies(now: Date = new Date()): Promise<{ failed: number }> {
    let failed = 0;
    for (const row of await repo.overdue(db, now, SWEEP_BATCH)) {
      try {
        const result = await db.transaction(async (tx) => {
          const owed = await repo.claimOverdue(tx, row.messageId, now);
          return owed ? failOwedIn(tx, owed) : null;
        });
        if (!result) continue;
        failed++;
        log.warn({ chatId: row.chatId, messageId: row.messageId }, 'owed reply past its deadline: refunded');
        publishFailed(result);
      } catch (err) {
        log.error({ err, messageId: row.messageId }, 'recovering an overdue reply failed');
      }
    }
    return { failed };
  }

  type SendResult = { updatedTokens: number; message: Message };

  /**
   * The send as ONE statement (decision 120), from the chat head cache: lock, debit, message and
   * owed reply, answering the user, the locked chat and her reply's history for the hand-over.
   * Null when it cannot decide (a photo, the support chat, a check that fails or a chat head that
   * moved on, the lock taken): nothing was written, and the step-by-step path answers precisely.
   */
  async function sendInOne(
    userId: string,
    chatId: string,
    body: SendMessageBody,
  ): Promise<SendResult | null> {
    if (body.message.photo !== undefined) return null;
    const check = checkMessage(body.message.message, false);
    if (!check.ok) return null;
    const head = await heads.get(chatId);
    if (!head || head.userId !== userId || head.status === 'broken' || !speaks(head.language)) return null;
    const bot = await bots.get(head.botId).catch(() => null);
    if (!bot || bot.row.isSupport) return null;
    const costs = await settings.costs();
    const cost = costs.tokens_for_message + (head.language !== 'en' ? costs.extra_tokens_for_language : 0);
    const messageId = newId();
    const now = Date.now();
    // The safety verdict is worked out on its own thread while the statement runs (decision 200).
    const verdict = check.text.trim() ? deps.safety?.classify?.(check.text, head.language) : undefined;
    verdict?.catch(() => undefined);
    // One autocommit statement: it refuses itself, keeping nothing, when the lock was taken but
    // the balance cannot pay (decision 203).
    const r = await repo
      .sendInOne(db, {
        userId,
        chatId,
        botId: head.botId,
        language: head.language,
        staleBefore: new Date(now - deadlineMs),
        now: new Date(now),
        message: {
          id: messageId,
          chatId,
          userId,
          self: true,
          text: check.text,
          photo: null,
          readed: true,
          language: head.language,
          timezone: body.message.timezone ?? null,
        },
        charged: cost,
        deadlineAt: new Date(now + deadlineMs),
        debit:
          cost > 0
            ? (when) =>
                ledger.changeCtes(
                  {
                    userId,
                    delta: -cost,
                    reason: 'message',
                    reference: messageId,
                    idempotencyKey: `message:${messageId}`,
                  },
                  when,
                )
            : null,
        historyLimit: HISTORY_TURNS + 1,
      })
      .catch((err: unknown) => {
        throw isRefusal(err, 'INSUFFICIENT_TOKENS') ? insufficientTokens() : err;
      });
    if (!r.chat || !r.message || !r.user) return null;
    const sent = { ...r, chat: r.chat, message: r.message, user: r.user };
    heads.set(chatId, sent.chat);
    const balance = sent.balance ?? sent.user.tokens;
    if (cost > 0) ledger.notifyBalance(userId, balance);
    realtime.toUser(userId, 'chat', toChatState(sent.chat));
    const user = { ...sent.user, tokens: balance };
    background.run(() =>
      reply({
        userId,
        chatId,
        userMessage: sent.message,
        charged: cost,
        user,
        chat: sent.chat,
        recent: sent.recent,
        verdict,
      }),
    );
    return { updatedTokens: balance, message: toMessageDto(sent.message, head.botId) };
  }

  /** The send check by check: a photo, the support chat, and every refusal with its own answer. */
  async function sendStepByStep(userId: string, chatId: string, body: SendMessageBody): Promise<SendResult> {
    const user = await users.getById(userId);
    assertCanChat(user);
    const chat = await owned(userId, chatId);
    heads.set(chat.id, chat);
    const photoData = body.message.photo;
    const check = checkMessage(body.message.message, photoData !== undefined);
    if (!check.ok) {
      throw check.reason === 'TOO_LONG'
        ? new AppError('MESSAGE_TOO_LONG', 'chat.messageTooLong')
        : new AppError('VALIDATION_ERROR', 'chat.writeFirst');
    }
    const bot = await bots.get(chat.botId);
    const isSupport = bot.row.isSupport;
    if (chat.status === 'broken') throw forbidden('chat.broken');
    if (!isSupport) assertSpoken(chat.language);
    let photo: string | null = null;
    if (photoData !== undefined) {
      if (!deps.replyMedia) throw forbidden('chat.photosUnavailable');
      photo = await deps.replyMedia.acceptUserPhoto({ user, chat, bot, dataUrl: photoData });
    }

    const costs = await settings.costs();
    const cost = isSupport
      ? 0
      : (photo ? costs.tokens_for_sent_photo : costs.tokens_for_message) +
        (chat.language !== 'en' ? costs.extra_tokens_for_language : 0);
    const messageId = newId();
    const result = await db.transaction(async (tx) => {
      if (!isSupport) {
        const locked = await repo.lock(tx, userId, chatId, new Date(Date.now() - deadlineMs));
        if (!locked) throw new AppError('CHAT_LOCKED', 'chat.waitForReply');
      }
      const charge =
        cost > 0
          ? await ledger.applyIn(tx, {
              userId,
              delta: -cost,
              reason: photo ? 'photo' : 'message',
              reference: messageId,
              idempotencyKey: `message:${messageId}`,
            })
          : null;
      const message = await repo.insertMessage(tx, {
        id: messageId,
        chatId,
        userId,
        self: true,
        text: check.text,
        photo,
        readed: true,
        language: chat.language,
        timezone: body.message.timezone ?? null,
      });
      if (isSupport) await repo.update(tx, chatId, { lastActivityAt: new Date() });
      else await owe(tx, { userId, chatId, messageId, charged: cost });
      return { message, balance: charge?.balance ?? user.tokens };
    });
    if (cost > 0) ledger.notifyBalance(userId, result.balance);
    if (!isSupport) {
      realtime.toUser(userId, 'chat', { ...toChatState(chat), locked: true });
      background.run(() => reply({ userId, chatId, userMessage: result.message, charged: cost, user }));
    }
    return { updatedTokens: result.balance, message: toMessageDto(result.message, chat.botId) };
  }

  async function chatDto(chat: ChatRow, bot?: BotWithRow): Promise<Chat> {
    const b = bot ?? (await bots.get(chat.botId));
    const [last] = await repo.lastMessages(db, [chat.id]);
    return toChatDto(chat, b.dto, last ?? null);
  }

  /**
   * Warms what the first messages would otherwise pay for (decision 150): the safety layer
   * compiles its patterns per language, and the built-in engine its phrase books and
   * expressions, on first use. Under a crowd every chat's first message queued behind that
   * one-off work (the tail of bench/concurrent-chats). Pure CPU, nothing stored, nothing sent;
   * an OpenAI-compatible engine is not called (it would cost a request).
   */
  async function warmUp(): Promise<void> {
    const texts = ['hi there! how are you? my name is Sam', 'привет! как дела? меня зовут Сэм'];
    // The safety layer warms on its own thread meanwhile (decision 200).
    const safety = deps.safety?.warmUp?.(spoken, texts);
    if (brain.name === 'builtin') {
      const characters = (await bots.list('all')).slice(0, 2);
      for (const language of spoken) {
        for (const dto of characters) {
          const bot = await bots.get(dto._id).catch(() => null);
          if (!bot?.row.persona || bot.row.isSupport) continue;
          const chat = freshChatRow({ id: 'warm-up', userId: 'warm-up', botId: bot.row.id, language });
          const base = brainContext(chat, bot, { name: null, age: null, sex: null });
          let memory = (await brain.greeting(base)).memory;
          for (const text of texts) {
            const answer = await brain.reply({ ...base, memory, history: [], userMessage: text });
            memory = answer.memory;
          }
        }
      }
    }
    await safety;
  }

  return {
    warmUp,
    /**
     * Whether this is the user's support chat (character remote id 0), from the chat-head and
     * character caches: a chat's owner and character never change (the verification guard asks
     * it on every send).
     */
    async isSupportChat(userId: string, chatId: string): Promise<boolean> {
      const head = await heads.get(chatId);
      if (!head || head.userId !== userId) return false;
      const bot = await bots.get(head.botId).catch(() => null);
      return bot?.row.remoteId === 0;
    },
    /** Resolves once this node hears the chat-head cache's invalidations from the others. */
    start: () => heads.start(),
    /** The command dispatcher: other modules register their handlers (`request`, `voice`). */
    commands,
    companion,
    /** `POST /api/chat/command/:id` (DESIGN §4). */
    command: (userId: string, chatId: string, body: { command: string; requestId?: string | undefined }) =>
      commands.run(userId, chatId, body),
    resetAll: (userId: string) => companion.resetAll(userId),
    recoverOverdueReplies,
    toggleLike: (userId: string, chatId: string, messageId: string) =>
      companion.toggleLike(userId, chatId, messageId),
    markRead: (userId: string, chatId: string) => companion.markRead(userId, chatId),

    /**
     * Opens a chat with a character (costs tokens_for_model), or returns the one the user already
     * has. She greets the user in the chat's language.
     */
    async create(
      userId: string,
      input: { botId: string; language?: Language | undefined },
    ): Promise<{ chat: Chat; created: boolean }> {
      const user = await users.getById(userId);
      assertCanChat(user);
      const bot = await bots.get(input.botId);
      if (bot.row.isSupport) throw forbidden('chat.useSupportButton');
      const existing = await repo.findByUserBot(db, userId, bot.row.id);
      if (existing) return { chat: await chatDto(existing, bot), created: false };

      const { tokens_for_model: cost } = await settings.costs();
      if (input.language) assertSpoken(input.language);
      // Without a choice, the user's chat language, else the interface language, when she writes it.
      const language =
        input.language ??
        [user.languageForChats, user.language]
          .map((l) => Language.catch('en').parse(l))
          .find((l) => speaks(l)) ??
        'en';
      const chatId = newId();
      const draft = freshChatRow({ id: chatId, userId, botId: bot.row.id, language });
      const greeting = await brain.greeting(brainContext(draft, bot, user));
      try {
        const { chat, balance } = await db.transaction(async (tx) => {
          const chat = await repo.insert(tx, { ...draft, memory: greeting.memory });
          const charge =
            cost > 0
              ? await ledger.applyIn(tx, {
                  userId,
                  delta: -cost,
                  reason: 'open_chat',
                  reference: chatId,
                  idempotencyKey: `open_chat:${chatId}`,
                })
              : null;
          await repo.insertMessage(tx, {
            id: newId(),
            chatId,
            userId,
            self: false,
            text: greeting.text,
            language: engineLanguageFor(language),
          });
          return { chat, balance: charge?.balance ?? null };
        });
        if (balance !== null) ledger.notifyBalance(userId, balance);
        return { chat: await chatDto(chat, bot), created: true };
      } catch (err) {
        // Two opens of one character at once: the other request created it.
        if (!isUniqueViolation(err)) throw err;
        const chat = await repo.findByUserBot(db, userId, bot.row.id);
        if (!chat) throw err;
        return { chat: await chatDto(chat, bot), created: false };
      }
    },

    async list(userId: string): Promise<Chat[]> {
      const rows = await repo.listForUser(db, userId);
      const [botMap, lasts] = await Promise.all([
        bots.getMany(rows.map((r) => r.botId)),
        repo.lastMessages(
          db,
          rows.map((r) => r.id),
        ),
      ]);
      const lastByChat = new Map(lasts.map((m) => [m.chatId, m]));
      return rows.flatMap((r) => {
        const bot = botMap.get(r.botId);
        return bot ? [toChatDto(r, bot.dto, lastByChat.get(r.id) ?? null)] : [];
      });
    },

    /** The chat with a page of messages (oldest first); the first page marks her messages read. */
    async history(userId: string, chatId: string, before?: string): Promise<ChatWithMessages> {
      const chat = await owned(userId, chatId);
      let beforeSeq: number | undefined;
      if (before) {
        const anchor = await repo.findMessage(db, chatId, before);
        if (!anchor) throw notFound('chat.messageNotFound');
        beforeSeq = anchor.seq;
      } else if ((await repo.markReadCount(db, chatId)) > 0) {
        realtime.toUser(userId, 'read', { chatId });
      }
      const rows = await repo.page(db, chatId, CHAT_PAGE_SIZE + 1, beforeSeq);
      const hasMore = rows.length > CHAT_PAGE_SIZE;
      const page = rows.slice(0, CHAT_PAGE_SIZE).reverse();
      const dto = await chatDto(chat);
      return { ...dto, messages: page.map((m) => toMessageDto(m, chat.botId)), hasMore };
    },

    /**
     * Stores the user's message, charges it and locks the chat until her reply, all in one
     * transaction: a second send while locked answers CHAT_LOCKED and costs nothing. A text
     * message to a character is one statement (decision 120); anything else, or anything that
     * statement could not decide, takes the step-by-step path.
     */
    async send(
      userId: string,
      chatId: string,
      body: SendMessageBody,
    ): Promise<{ updatedTokens: number; message: Message }> {
      return (await sendInOne(userId, chatId, body)) ?? (await sendStepByStep(userId, chatId, body));
    },

    /** The support chat (remote_id 0): created on first use, free, answered by people. */
    async support(userId: string): Promise<{ chatId: string }> {
      const user = await users.getById(userId);
      const bot = await bots.support();
      const existing = await repo.findByUserBot(db, userId, bot.row.id);
      if (existing) return { chatId: existing.id };
      const chatId = newId();
      const ru = user.language === 'ru';
      try {
        await db.transaction(async (tx) => {
          await repo.insert(tx, { id: chatId, userId, botId: bot.row.id, language: user.language });
          await repo.insertMessage(tx, {
            id: newId(),
            chatId,
            userId,
            self: false,
            text: ru
              ? 'Здравствуйте! Напишите ваш вопрос — наша команда ответит здесь.'
              : 'Hi! Write your question and our team will answer right here.',
            language: ru ? 'ru' : 'en',
          });
        });
        return { chatId };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const chat = await repo.findByUserBot(db, userId, bot.row.id);
        if (!chat) throw err;
        return { chatId: chat.id };
      }
    },

    // --- For other modules (media): her messages outside a reply, and chat state changes. ---

    /** The caller's chat with its character (404 for someone else's). */
    async ownedChat(
      userId: string,
      chatId: string,
    ): Promise<{ chat: ChatRow; bot: BotWithRow; user: UserRow }> {
      const user = await users.getById(userId);
      assertCanChat(user);
      const chat = await owned(userId, chatId);
      return { chat, bot: await bots.get(chat.botId), user };
    },

    /** The URL of the last photo she sent in this chat (so the next one differs). */
    async lastPhotoFromHer(chatId: string): Promise<string | null> {
      const recent = await repo.page(db, chatId, 60);
      return recent.find((m) => !m.self && m.photo)?.photo ?? null;
    },

    /**
     * Stores and delivers a message from her (a requested photo, a video placeholder), charging it
     * in the same transaction, and applies `patch` to the chat.
     */
    async postBotMessage(input: {
      userId: string;
      chatId: string;
      id?: string;
      fields: BotMessageFields;
      charge?: ChargeIn;
      patch?: (chat: ChatRow) => ChatPatch;
    }): Promise<{ message: Message; balance: number | null; chat: ChatRow }> {
      const chat = await owned(input.userId, input.chatId);
      const result = await db.transaction(async (tx) => {
        const balance = input.charge ? await input.charge(tx) : null;
        const message = await repo.insertMessage(tx, {
          id: input.id ?? newId(),
          chatId: chat.id,
          userId: input.userId,
          self: false,
          language: engineLanguageFor(chat.language),
          ...input.fields,
        });
        const updated = await repo.update(tx, chat.id, {
          ...input.patch?.(chat),
          lastActivityAt: new Date(),
        });
        return { message, balance, chat: updated! };
      });
      if (result.balance !== null) ledger.notifyBalance(input.userId, result.balance);
      const message = toMessageDto(result.message, chat.botId);
      realtime.toUser(input.userId, 'message', { chatId: chat.id, message });
      if (input.patch) emitState(input.userId, result.chat);
      return { message, balance: result.balance, chat: result.chat };
    },

    /** Changes one of her messages (reveal, a finished video) and delivers it again under its `_id`. */
    async updateBotMessage(input: {
      userId: string;
      chatId: string;
      messageId: string;
      patch: (m: MessageRow) => Partial<BotMessageFields> | null;
      charge?: (tx: Parameters<ChargeIn>[0], m: MessageRow) => Promise<number | null>;
    }): Promise<{ message: Message; balance: number | null }> {
      const chat = await owned(input.userId, input.chatId);
      const result = await db.transaction(async (tx) => {
        const found = await repo.findMessage(tx, chat.id, input.messageId);
        if (!found || found.self) throw notFound('chat.messageNotFound');
        const patch = input.patch(found);
        if (!patch) return { row: found, balance: null };
        const balance = input.charge ? await input.charge(tx, found) : null;
        const row = await repo.updateMessage(tx, found.id, patch);
        return { row: row!, balance };
      });
      if (result.balance !== null) ledger.notifyBalance(input.userId, result.balance);
      const message = toMessageDto(result.row, chat.botId);
      realtime.toUser(input.userId, 'message', { chatId: chat.id, message });
      return { message, balance: result.balance };
    },

    /** Changes chat flags (voice mode) and tells the user's devices. */
    async patchChat(userId: string, chatId: string, patch: ChatPatch): Promise<ChatRow> {
      await owned(userId, chatId);
      const updated = await repo.update(db, chatId, patch);
      emitState(userId, updated!);
      return updated!;
    },

    /**
     * The user's chat language changed: new replies in every chat come in it, when the engine
     * writes it (else the chats keep theirs; the picker says which languages she writes).
     */
    async setLanguageForUser(userId: string, language: Language): Promise<void> {
      if (speaks(language)) await repo.updateAllForUser(db, userId, { language });
    },

    /** The chat languages the engine writes. */
    chatLanguages: spoken,
  };
}
export type ChatsService = ReturnType<typeof createChatsService>;

/** A new chat's row before it is stored: level 1, neutral, gentle, unlocked, nothing remembered. */
function freshChatRow(ids: { id: string; userId: string; botId: string; language: Language }): ChatRow {
  const now = new Date();
  return {
    ...ids,
    level: 1,
    points: 0,
    mood: 'Neutral',
    mode: 'gentle',
    status: 'active',
    locked: false,
    lockedAt: null,
    typing: null,
    voiceMode: false,
    spicy: false,
    videoRequested: 0,
    memory: {},
    pace: {},
    offenses: 0,
    repliesSinceGift: 0,
    neglectedAt: null,
    nudgedAt: null,
    lastActivityAt: now,
    createdAt: now,
  };
}
