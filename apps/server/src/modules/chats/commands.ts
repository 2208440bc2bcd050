import type { ChatCommand, CommandName } from '@amora/shared/companion.ts';
import { CommandText, commandText } from '@amora/shared/companion.ts';
import { CommandResponse } from '@amora/shared/chat.ts';
import type { Level } from '@amora/shared/constants.ts';
import { asLevel } from '@amora/shared/rules.ts';
import type { Settings } from '@amora/shared/settings.ts';
import type { LedgerReason } from '@amora/shared/wallet.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ChatRow } from '../../db/schema/chats.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError, banned, forbidden, insufficientTokens, notFound } from '../../lib/errors.ts';
import { msg, type Msg } from '../../lib/messages/index.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { BotWithRow, BotsService } from '../bots/bots.service.ts';
import type { IdempotencyService } from '../idempotency/idempotency.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { ChatsRepository } from './chats.repository.ts';

/*
 * The command dispatcher of `POST /api/chat/command/:id` (DESIGN §4). It parses the text, runs the
 * checks every command shares (owner, ban, SPEC §6 roles, broken relationship), asks the handler
 * registered for the command name whether the chat's state allows it and what it costs, and lets
 * the handler do its work with a `charge` that debits the cost through the ledger.
 * How to add a command: docs/decisions (command handlers).
 */

export type CommandContext<N extends CommandName = CommandName> = {
  command: Extract<ChatCommand, { name: N }>;
  /**
   * Unique per run (never the client's requestId, which the dispatcher turns into an idempotency
   * key scoped to this command on this chat): the ledger idempotency key is `command:<id>`.
   */
  commandId: string;
  user: UserRow;
  chat: ChatRow;
  bot: BotWithRow;
  level: Level;
  settings: Settings;
};

export type CommandTools = {
  /**
   * Debits `cost` tokens inside `tx` with the command's idempotency key and stores the command's
   * answer for its requestId in the same transaction; answers 402 when the balance is short.
   * Returns the balance after. A zero cost charges nothing. Call it in the transaction that
   * commits the command's effect, so that a replayed requestId never runs the effect again.
   */
  charge(tx: DbOrTx, reason?: LedgerReason): Promise<number>;
  /** The cost the dispatcher computed for this command. */
  cost: number;
};

export type CommandResult = {
  /** The balance after the command (the dispatcher tells the user's devices when it changed). */
  updatedTokens: number;
};

export type CommandHandler<N extends CommandName = CommandName> = {
  name: N;
  /** A reason when the chat's state does not allow it now (403 FORBIDDEN), else null. */
  refuse?(ctx: CommandContext<N>): Msg | null | Promise<Msg | null>;
  /** Its price in tokens, from settings (0 when free). */
  cost(ctx: CommandContext<N>): number;
  run(ctx: CommandContext<N>, tools: CommandTools): Promise<CommandResult>;
};

/** Type-erased form kept in the registry. */
type AnyHandler = {
  name: CommandName;
  refuse?(ctx: CommandContext): Msg | null | Promise<Msg | null>;
  cost(ctx: CommandContext): number;
  run(ctx: CommandContext, tools: CommandTools): Promise<CommandResult>;
};

export type CommandDeps = {
  db: Db;
  repo: ChatsRepository;
  bots: BotsService;
  users: UsersService;
  ledger: LedgerService;
  settings: SettingsService;
  idempotency: IdempotencyService;
};

/** SPEC §6: what a New-status user, the support chat and a broken relationship may still do. */
export function commonRefusal(input: {
  name: CommandName;
  isNewUser: boolean;
  isSupport: boolean;
  broken: boolean;
}): Msg | null {
  const { name } = input;
  if (input.isSupport) {
    return name === 'reload' || name === 'reset' ? null : msg('chat.supportCommands');
  }
  if (input.broken && name !== 'reload') return msg('chat.broken');
  if (input.isNewUser && name !== 'reload') return msg('chat.afterFirstPurchase');
  return null;
}

export function createCommandDispatcher(deps: CommandDeps) {
  const { db, repo, bots, users, ledger, settings, idempotency } = deps;
  const handlers = new Map<CommandName, AnyHandler>();

  return {
    /** Registers the handler of one command name (a module registers its own; last one wins). */
    register<N extends CommandName>(handler: CommandHandler<N>): void {
      handlers.set(handler.name, handler as unknown as AnyHandler);
    },
    has(name: CommandName): boolean {
      return handlers.has(name);
    },
    async run(
      userId: string,
      chatId: string,
      body: { command: string; requestId?: string | undefined },
    ): Promise<CommandResult> {
      const parsed = CommandText.safeParse(body.command);
      if (!parsed.success) {
        const text = body.command.trim();
        throw text
          ? new AppError('VALIDATION_ERROR', 'chat.unknownCommand', { command: text })
          : new AppError('VALIDATION_ERROR', 'chat.commandEmpty');
      }
      const command = parsed.data;
      const user = await users.getById(userId);
      if (user.banned) throw banned(user.bannedReason);
      const chat = await repo.findOwned(db, userId, chatId);
      if (!chat) throw notFound('chat.notFound');
      // A requestId is an idempotency key for this command on this chat (decision 030): a replay
      // gets the first answer, before any check of the chat's state (which the first run changed).
      const key = body.requestId
        ? { userId, scope: `command:${chatId}:${commandText(command)}`, key: body.requestId }
        : null;
      return idempotency.once<CommandResult>(
        key,
        async (attempt) => {
          const bot = await bots.get(chat.botId);
          const refusal = commonRefusal({
            name: command.name,
            isNewUser: user.status === 'New',
            isSupport: bot.row.isSupport,
            broken: chat.status === 'broken',
          });
          if (refusal) throw forbidden(refusal);
          const handler = handlers.get(command.name);
          if (!handler) throw forbidden('chat.commandUnavailable');

          const ctx: CommandContext = {
            command,
            commandId: attempt.id,
            user,
            chat,
            bot,
            level: asLevel(chat.level),
            settings: await settings.get(),
          };
          const reason = await handler.refuse?.(ctx);
          if (reason) throw forbidden(reason);
          const cost = handler.cost(ctx);
          if (cost > user.tokens) throw insufficientTokens();
          let charged: { balance: number; applied: boolean } | null = null;
          const tools: CommandTools = {
            cost,
            async charge(tx, why = 'command') {
              if (cost <= 0) {
                await attempt.completeIn(tx, { updatedTokens: user.tokens });
                return user.tokens;
              }
              const r = await ledger.applyIn(tx, {
                userId,
                delta: -cost,
                reason: why,
                reference: chatId,
                idempotencyKey: `command:${ctx.commandId}`,
              });
              await attempt.completeIn(tx, { updatedTokens: r.balance });
              charged = r;
              return r.balance;
            },
          };
          const result = await handler.run(ctx, tools);
          const done = charged as { balance: number; applied: boolean } | null;
          if (done?.applied) ledger.notifyBalance(userId, done.balance);
          return result;
        },
        (stored) => CommandResponse.parse(stored),
      );
    },
  };
}
export type CommandDispatcher = ReturnType<typeof createCommandDispatcher>;
