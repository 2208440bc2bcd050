import { asLevel } from '@amora/shared/rules.ts';
import { LEVEL_TITLES } from '@amora/shared/constants.ts';
import { Mood, engineLanguageFor } from '@amora/shared/enums.ts';
import type { Message } from '@amora/shared/chat.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ChatRow, MessageRow } from '../../db/schema/chats.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { banned, forbidden, notFound } from '../../lib/errors.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { newId } from '../../lib/tokens.ts';
import type { BotWithRow, BotsService } from '../bots/bots.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { toChatState, toMessageDto } from './chats.mapper.ts';
import type { ChatPatch, ChatsRepository } from './chats.repository.ts';
import { farewellText, levelEventText } from './companion-lines.ts';
import type { Brain, BrainContext } from '@amora/companion/engine/brain.ts';
import { CHECK_IN_EVENT, checkInReply, needsCheckIn } from '@amora/companion/safety/respond.ts';
import {
  afterNeglect,
  baselineMood,
  paceOf,
  type RelationshipOutcome,
  type RelationshipState,
} from './relationship.ts';

export type CompanionDeps = {
  db: Db;
  repo: ChatsRepository;
  bots: BotsService;
  users: UsersService;
  settings: SettingsService;
  realtime: Realtime;
  brain: Brain;
  log: FastifyBaseLogger;
  brainContext: (
    chat: ChatRow,
    bot: BotWithRow,
    user: UserRow,
  ) => Omit<BrainContext, 'userMessage' | 'history'>;
};

/** What the rest of the app hears when she wrote first (web push turns it into a notification). */
export type WroteFirstEvent = {
  userId: string;
  chatId: string;
  botName: string;
  /** Her avatar (a media URL), for the notification icon. */
  botAvatar: string | null;
  text: string;
  messageId: string;
};

export function relationshipState(chat: ChatRow): RelationshipState {
  return {
    level: asLevel(chat.level),
    pace: paceOf(chat.pace),
    points: chat.points,
    mood: Mood.catch('Neutral').parse(chat.mood),
    spicy: chat.spicy,
    offenses: chat.offenses,
    repliesSinceGift: chat.repliesSinceGift,
    status: chat.status === 'broken' ? 'broken' : 'active',
  };
}

/**
 * Everything around the messages (issue 3): applying relationship outcomes with their system
 * messages, likes, read receipts, resets, and the periodic sweep (neglect and "she writes first").
 */
export function createCompanionService(deps: CompanionDeps) {
  const { db, repo, bots, users, settings, realtime, brain, log } = deps;
  const wroteFirstListeners: Array<(e: WroteFirstEvent) => Promise<void>> = [];
  const sweepListeners: Array<(now: Date) => Promise<void>> = [];

  async function owned(userId: string, chatId: string): Promise<ChatRow> {
    const chat = await repo.findOwned(db, userId, chatId);
    if (!chat) throw notFound('chat.notFound');
    return chat;
  }

  /**
   * Stores a relationship outcome on the chat, with a system message for a level change and her
   * farewell for a break-up. Returns the updated chat and the messages to deliver.
   */
  async function applyOutcome(
    tx: DbOrTx,
    chat: ChatRow,
    o: RelationshipOutcome,
    extra: {
      cause: 'neglect' | 'abuse';
      userName: string | null;
      patch?: Parameters<ChatsRepository['update']>[2];
    },
  ): Promise<{ chat: ChatRow; messages: MessageRow[] }> {
    const messages: MessageRow[] = [];
    if (o.levelChange) {
      const kind = o.levelChange === 'up' ? 'level_up' : 'level_down';
      messages.push(
        await repo.insertMessage(tx, {
          id: newId(),
          chatId: chat.id,
          userId: chat.userId,
          self: false,
          readed: true,
          eventType: kind,
          text: levelEventText(kind, o.level, LEVEL_TITLES[o.level]),
        }),
      );
    }
    if (o.brokeUp) {
      messages.push(
        await repo.insertMessage(tx, {
          id: newId(),
          chatId: chat.id,
          userId: chat.userId,
          self: false,
          eventType: 'break_up',
          text: farewellText(engineLanguageFor(chat.language), extra.cause, extra.userName),
          language: engineLanguageFor(chat.language),
        }),
      );
    }
    const updated = await repo.update(tx, chat.id, outcomePatch(o, extra.patch));
    return { chat: updated ?? chat, messages };
  }

  /** The chat's columns after an outcome (with the caller's own `patch`). */
  function outcomePatch(o: RelationshipOutcome, patch?: ChatPatch): ChatPatch {
    return {
      ...patch,
      points: o.points,
      level: o.level,
      pace: o.pace,
      mood: o.mood,
      spicy: o.spicy,
      offenses: o.offenses,
      repliesSinceGift: o.repliesSinceGift,
      status: o.status,
      ...(o.brokeUp ? { locked: false, lockedAt: null, typing: null, spicy: false } : {}),
    };
  }

  function publish(userId: string, chat: ChatRow, messages: MessageRow[]): void {
    for (const m of messages)
      realtime.toUser(userId, 'message', { chatId: chat.id, message: toMessageDto(m, chat.botId) });
    realtime.toUser(userId, 'chat', toChatState(chat));
  }

  /** Clears the chat's memory and history (SPEC "reset memory"); she greets the user afresh. */
  async function resetChat(user: UserRow, chat: ChatRow, bot: BotWithRow): Promise<void> {
    const level = asLevel(chat.level);
    const fresh: Parameters<ChatsRepository['update']>[2] = {
      memory: {},
      mood: baselineMood(level, chat.spicy),
      offenses: 0,
      repliesSinceGift: 0,
      locked: false,
      lockedAt: null,
      typing: null,
      neglectedAt: null,
      nudgedAt: null,
      lastActivityAt: new Date(),
    };
    let greeting: { text: string; memory: Record<string, unknown> } | null = null;
    if (!bot.row.isSupport) {
      greeting = await brain.greeting(deps.brainContext({ ...chat, ...fresh, memory: {} }, bot, user));
    }
    const result = await db.transaction(async (tx) => {
      await repo.deleteMessages(tx, chat.id);
      const updated = await repo.update(tx, chat.id, { ...fresh, memory: greeting?.memory ?? {} });
      const message = greeting
        ? await repo.insertMessage(tx, {
            id: newId(),
            chatId: chat.id,
            userId: chat.userId,
            self: false,
            text: greeting.text,
            language: engineLanguageFor(chat.language),
          })
        : null;
      return { chat: updated ?? chat, message };
    });
    realtime.toUser(user.id, 'chat_reset', { chatId: chat.id });
    publish(user.id, result.chat, result.message ? [result.message] : []);
  }

  return {
    applyOutcome,
    outcomePatch,
    publish,
    resetChat,

    /** More periodic work that runs with every sweep (e.g. recovering lost video jobs). */
    onSweep(listener: (now: Date) => Promise<void>): void {
      sweepListeners.push(listener);
    },

    /** Called after she wrote first and the message was delivered (e.g. to send a web push). */
    onWroteFirst(listener: (e: WroteFirstEvent) => Promise<void>): void {
      wroteFirstListeners.push(listener);
    },

    /** Resets every chat of the user that can still be reset (not broken ones). */
    async resetAll(userId: string): Promise<{ reset: number }> {
      const user = await users.getById(userId);
      if (user.banned) throw banned(user.bannedReason);
      if (user.status === 'New') throw forbidden('chat.afterFirstPurchase');
      const rows = await repo.listForUser(db, userId);
      const botMap = await bots.getMany(rows.map((r) => r.botId));
      let reset = 0;
      for (const chat of rows) {
        const bot = botMap.get(chat.botId);
        if (!bot || bot.row.isSupport || chat.status === 'broken') continue;
        await resetChat(user, chat, bot);
        reset++;
      }
      realtime.toUser(userId, 'all_reset', {});
      return { reset };
    },

    /** Toggles the like on one of her messages; every device gets the replaced message. */
    async toggleLike(userId: string, chatId: string, messageId: string): Promise<Message> {
      const chat = await owned(userId, chatId);
      const message = await repo.findMessage(db, chatId, messageId);
      if (!message) throw notFound('chat.messageNotFound');
      if (message.self || message.eventType === 'level_up' || message.eventType === 'level_down')
        throw forbidden('chat.onlyHerLiked');
      const updated = await repo.updateMessage(db, message.id, { liked: !message.liked });
      const dto = toMessageDto(updated ?? message, chat.botId);
      realtime.toUser(userId, 'message', { chatId, message: dto });
      return dto;
    },

    /** Marks her messages in the chat read (the open chat calls it when a reply arrives). */
    async markRead(userId: string, chatId: string): Promise<{ updated: number }> {
      await owned(userId, chatId);
      const updated = await repo.markReadCount(db, chatId);
      // The user's other devices drop the unread badge too.
      if (updated > 0) realtime.toUser(userId, 'read', { chatId });
      return { updated };
    },

    /**
     * One pass of the relationship clock, safe on several nodes: each step is claimed by a
     * conditional update, so a chat loses points once per neglect interval and she writes first
     * once per silence, whichever node runs the pass.
     */
    async sweep(now: Date = new Date(), limit = 200): Promise<{ neglected: number; nudged: number }> {
      const cfg = (await settings.get()).companion;
      const hour = 60 * 60 * 1000;
      const stepBefore = new Date(now.getTime() - cfg.neglect_after_hours * hour);
      let neglected = 0;
      for (const due of await repo.dueForNeglect(db, stepBefore, stepBefore, limit)) {
        try {
          // Read outside the transaction: PGlite has one connection, so a query on `db` inside would wait forever.
          const user = await users.getById(due.userId);
          const done = await db.transaction(async (tx) => {
            const chat = await repo.claimNeglect(tx, due.id, stepBefore, now);
            if (!chat) return null;
            const elsewhere = await repo.activeElsewhereSince(tx, chat.userId, chat.id, chat.lastActivityAt);
            const o = afterNeglect(
              relationshipState(chat),
              now.getTime() - chat.lastActivityAt.getTime(),
              cfg,
              elsewhere,
            );
            return applyOutcome(tx, chat, o, { cause: 'neglect', userName: user.name });
          });
          if (done) {
            neglected++;
            publish(due.userId, done.chat, done.messages);
          }
        } catch (err) {
          log.error({ err, chatId: due.id }, 'neglect step failed');
        }
      }

      let nudged = 0;
      if (brain.writeFirst) {
        const silentBefore = new Date(now.getTime() - cfg.write_first_after_minutes * 60 * 1000);
        for (const due of await repo.dueForNudge(db, silentBefore, limit)) {
          try {
            if (await this.writeFirst(due, now)) nudged++;
          } catch (err) {
            log.error({ err, chatId: due.id }, 'write-first failed');
          }
        }
      }
      for (const listener of sweepListeners) {
        await listener(now).catch((err: unknown) => log.error({ err }, 'a sweep step failed'));
      }
      return { neglected, nudged };
    },

    /** She writes first in one silent chat (claimed so that no other node does it too). */
    async writeFirst(due: ChatRow, now: Date): Promise<boolean> {
      if (!brain.writeFirst) return false;
      const [bot, user] = await Promise.all([bots.get(due.botId), users.getById(due.userId)]);
      // Banned or paused (`/deactivate`, until the next sign-in): she does not write.
      if (user.banned || user.pausedAt) return false;
      const recent = await repo.page(db, due.id, 20);
      const history = recent
        .filter((m) => !m.eventType || m.eventType === 'write_first')
        .reverse()
        .map((m) => ({ self: m.self, text: m.text }));
      // Her first words on the user's return after a crisis reply are a check-in (decision 062).
      const checkIn = needsCheckIn(recent);
      const answer = checkIn
        ? { text: checkInReply(due.language, user.country ?? user.geoCountry), memory: due.memory }
        : await brain.writeFirst({
            ...deps.brainContext(due, bot, user),
            history,
            userMessage: '',
          });
      const result = await db.transaction(async (tx) => {
        const chat = await repo.claimNudge(tx, due.id, now);
        if (!chat) return null;
        const message = await repo.insertMessage(tx, {
          id: newId(),
          chatId: chat.id,
          userId: chat.userId,
          self: false,
          eventType: checkIn ? CHECK_IN_EVENT : 'write_first',
          text: answer.text,
          language: engineLanguageFor(chat.language),
        });
        const updated = await repo.update(tx, chat.id, { memory: answer.memory });
        return { chat: updated ?? chat, message };
      });
      if (!result) return false;
      publish(due.userId, result.chat, [result.message]);
      const event: WroteFirstEvent = {
        userId: due.userId,
        chatId: due.id,
        botName: bot.dto.name,
        botAvatar: bot.dto.avatar,
        text: result.message.text,
        messageId: result.message.id,
      };
      for (const listener of wroteFirstListeners) {
        await listener(event).catch((err: unknown) =>
          log.error({ err, chatId: due.id }, 'a wrote-first listener failed'),
        );
      }
      return true;
    },
  };
}
export type CompanionService = ReturnType<typeof createCompanionService>;

/** Runs the sweep every `intervalMs` on this node (each step is claimed, so many nodes are fine). */
export function startCompanionClock(
  companion: CompanionService,
  intervalMs: number,
  log: FastifyBaseLogger,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    companion
      .sweep()
      .catch((err: unknown) => log.error({ err }, 'companion sweep failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
