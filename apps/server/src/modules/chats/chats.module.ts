import type { AppInstance } from '../../app-types.ts';
import type { Core } from '../../core.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { BotsService } from '../bots/bots.service.ts';
import type { IdempotencyService } from '../idempotency/idempotency.service.ts';
import { createMediaReplies } from '../media/media-replies.ts';
import type { MediaService } from '../media/media.service.ts';
import type { SafetyService } from '../safety/safety.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createChatsRepository } from './chats.repository.ts';
import { chatsRoutes } from './chats.routes.ts';
import { createChatsService, type ChatsService } from './chats.service.ts';
import { startCompanionClock } from './companion.service.ts';
import type { Engine } from './engine.module.ts';

/**
 * Chats: messages, her replies (owed until written: decision 033), commands, the relationship
 * and its clock (neglect and "she writes first", on every node: steps are claimed).
 */
export async function registerChatsModule(
  app: AppInstance,
  deps: {
    core: Pick<Core, 'db' | 'config' | 'realtime' | 'background' | 'addRecoveryTask' | 'shared'>;
    engine: Engine;
    safety: SafetyService;
    bots: BotsService;
    users: UsersService;
    ledger: LedgerService;
    settings: SettingsService;
    idempotency: IdempotencyService;
    media: MediaService;
  },
): Promise<ChatsService> {
  const { db, config, realtime, background, shared } = deps.core;
  const chats = createChatsService({
    db,
    shared,
    safety: deps.safety,
    repo: createChatsRepository(),
    bots: deps.bots,
    users: deps.users,
    ledger: deps.ledger,
    settings: deps.settings,
    idempotency: deps.idempotency,
    realtime,
    brain: deps.engine.brain,
    chatLanguages: deps.engine.chatLanguages,
    background,
    log: app.log,
    replyDelayMs: config.REPLY_DELAY_MS,
    replyDeadlineMs: config.REPLY_DEADLINE_MS,
    replyMedia: createMediaReplies({
      media: deps.media,
      settings: deps.settings,
      lastPhotoFromHer: (chatId) => chats.lastPhotoFromHer(chatId),
    }),
  });
  await chats.start();
  deps.users.onChatLanguage((userId, language) => chats.setLanguageForUser(userId, language));
  deps.core.addRecoveryTask({ name: 'overdue replies', run: (now) => chats.recoverOverdueReplies(now) });
  const sweepMs = config.COMPANION_SWEEP_MS ?? (config.NODE_ENV === 'test' ? 0 : 60_000);
  if (sweepMs > 0) {
    const stopClock = startCompanionClock(chats.companion, sweepMs, app.log);
    app.addHook('preClose', async () => stopClock());
  }
  chatsRoutes(app, chats);
  return chats;
}
