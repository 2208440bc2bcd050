import {
  isUnlocked,
  modeLabelFor,
  storedPersonalityFor,
  unlockLevel,
  wishedGift,
} from '@amora/shared/companion.ts';
import { engineLanguageFor } from '@amora/shared/enums.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { MessageRow } from '../../db/schema/chats.ts';
import { AppError } from '../../lib/errors.ts';
import { msg } from '../../lib/messages/index.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { newId } from '../../lib/tokens.ts';
import { toChatState } from './chats.mapper.ts';
import type { ChatsRepository } from './chats.repository.ts';
import type { CommandDispatcher } from './commands.ts';
import { giftText } from './companion-lines.ts';
import { relationshipState, type CompanionService } from './companion.service.ts';
import { afterGift, afterSpicy } from './relationship.ts';

export type CompanionCommandDeps = {
  db: Db;
  repo: ChatsRepository;
  realtime: Realtime;
  companion: CompanionService;
  /** A lock older than this (ms) belongs to a node that died mid-reply (the reply deadline). */
  staleLockMs: number;
  /** Records the reply owed for a stored user message, in the caller's transaction (decision 033). */
  owe: (
    tx: DbOrTx,
    input: { userId: string; chatId: string; messageId: string; charged: number },
  ) => Promise<void>;
  /** Refuses (409) a chat language the engine does not write. */
  assertSpoken: (language: string) => void;
  /** Her reply to a stored user message, in the background (the chat is already locked). */
  replyLater: (input: { userId: string; chatId: string; userMessage: MessageRow }) => void;
};

/** Registers the commands of part A: gift, mode, spicy, reset, reload, language. */
export function registerCompanionCommands(dispatcher: CommandDispatcher, deps: CompanionCommandDeps): void {
  const { db, repo, realtime, companion } = deps;

  dispatcher.register({
    name: 'gift',
    cost: (ctx) => {
      const gift = ctx.settings.gifts.find((g) => g.id === ctx.command.gift);
      if (!gift) throw new AppError('VALIDATION_ERROR', 'chat.giftNotOnSale');
      return gift.tokens;
    },
    async run(ctx, tools) {
      const { chat, user, command } = ctx;
      const lang = engineLanguageFor(chat.language);
      const result = await db.transaction(async (tx) => {
        const locked = await repo.lock(tx, user.id, chat.id, new Date(Date.now() - deps.staleLockMs));
        if (!locked) throw new AppError('CHAT_LOCKED', 'chat.waitForReplyGift');
        const balance = await tools.charge(tx, 'gift');
        const message = await repo.insertMessage(tx, {
          id: newId(),
          chatId: chat.id,
          userId: user.id,
          self: true,
          readed: true,
          eventType: 'gift',
          text: giftText(lang, command.gift),
          language: chat.language,
        });
        await deps.owe(tx, { userId: user.id, chatId: chat.id, messageId: message.id, charged: 0 });
        // The gift she hopes for counts twice when it follows what the user said they like.
        const wished = user.preferences.length
          ? wishedGift({
              mode: modeLabelFor(locked.mode),
              characterId: locked.botId,
              preferences: user.preferences,
            })
          : null;
        const o = afterGift(relationshipState(locked), command.gift, ctx.settings.companion, wished);
        const applied = await companion.applyOutcome(tx, locked, o, { cause: 'abuse', userName: user.name });
        return { balance, message, ...applied };
      });
      companion.publish(user.id, result.chat, [result.message, ...result.messages]);
      deps.replyLater({ userId: user.id, chatId: chat.id, userMessage: result.message });
      return { updatedTokens: result.balance };
    },
  });

  dispatcher.register({
    name: 'mode',
    cost: (ctx) => ctx.settings.companion.tokens_for_mode,
    async run(ctx, tools) {
      const { chat, command } = ctx;
      const result = await db.transaction(async (tx) => {
        const balance = await tools.charge(tx);
        const message = await repo.insertMessage(tx, {
          id: newId(),
          chatId: chat.id,
          userId: chat.userId,
          self: false,
          readed: true,
          eventType: 'mode',
          text: command.mode,
        });
        // SPEC §4: the opposite of Dom/Sub is stored; the label shown is the chosen one.
        const updated = await repo.update(tx, chat.id, { mode: storedPersonalityFor(command.mode) });
        return { balance, message, chat: updated ?? chat };
      });
      companion.publish(chat.userId, result.chat, [result.message]);
      return { updatedTokens: result.balance };
    },
  });

  dispatcher.register({
    name: 'spicy',
    cost: (ctx) => (ctx.command.on ? ctx.settings.companion.tokens_for_spicy : 0),
    refuse: (ctx) =>
      ctx.command.on && !isUnlocked('spicy', ctx.level)
        ? msg('chat.atLevel', { level: unlockLevel('spicy') })
        : null,
    async run(ctx, tools) {
      const { chat } = ctx;
      const result = await db.transaction(async (tx) => {
        const balance = await tools.charge(tx);
        const o = afterSpicy(relationshipState(chat), ctx.command.on, ctx.settings.companion);
        const applied = await companion.applyOutcome(tx, chat, o, { cause: 'abuse', userName: null });
        return { balance, ...applied };
      });
      companion.publish(chat.userId, result.chat, result.messages);
      return { updatedTokens: result.balance };
    },
  });

  dispatcher.register({
    name: 'reset',
    cost: (ctx) => (ctx.bot.row.isSupport ? 0 : ctx.settings.companion.tokens_for_reset),
    async run(ctx, tools) {
      const balance = await db.transaction((tx) => tools.charge(tx));
      await companion.resetChat(ctx.user, ctx.chat, ctx.bot);
      return { updatedTokens: balance };
    },
  });

  dispatcher.register({
    name: 'reload',
    cost: () => 0,
    async run(ctx) {
      realtime.toUser(ctx.user.id, 'chat', toChatState(ctx.chat));
      return { updatedTokens: ctx.user.tokens };
    },
  });

  dispatcher.register({
    name: 'language',
    cost: (ctx) => {
      deps.assertSpoken(ctx.command.language);
      return ctx.settings.companion.tokens_for_language;
    },
    async run(ctx, tools) {
      const { chat, command } = ctx;
      const result = await db.transaction(async (tx) => {
        const balance = await tools.charge(tx);
        // The interface says when she will answer in English instead (web: language_changed).
        const message = await repo.insertMessage(tx, {
          id: newId(),
          chatId: chat.id,
          userId: chat.userId,
          self: false,
          readed: true,
          eventType: 'language_changed',
          text: command.language,
          language: command.language,
        });
        const updated = await repo.update(tx, chat.id, { language: command.language });
        return { balance, message, chat: updated ?? chat };
      });
      companion.publish(chat.userId, result.chat, [result.message]);
      return { updatedTokens: result.balance };
    },
  });
}
