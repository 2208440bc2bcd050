import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Server as SocketServer } from 'socket.io';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Background } from './lib/background.ts';
import type { MediaStorage } from './lib/media-storage.ts';
import type { Realtime } from './lib/realtime.ts';
import type { Secrets } from './lib/secrets.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import type { LedgerService } from './modules/billing/ledger.service.ts';
import type { IdempotencyService } from './modules/idempotency/idempotency.service.ts';
import type { BotsService } from './modules/bots/bots.service.ts';
import type { AiStatusTracker } from './modules/chats/ai-status.ts';
import type { ChatsService } from './modules/chats/chats.service.ts';
import type { MailService } from './modules/mail/mail.service.ts';
import type { PaymentsService } from './modules/payments/payments.service.ts';
import type { SandboxProcessor } from './modules/payments/sandbox/sandbox-processor.ts';
import type { SubscriptionsService } from './modules/payments/subscriptions.service.ts';
import type { SettingsService } from './modules/settings/settings.service.ts';
import type { UsersService } from './modules/users/users.service.ts';
import type { PlatformService } from './modules/platform/platform.service.ts';
import type { SupportService } from './modules/support/support.service.ts';
import type { TelegramService } from './modules/telegram/telegram.service.ts';
import type { PushService } from './modules/push/push.service.ts';
import type { SafetyService } from './modules/safety/safety.service.ts';
import type { MediaAccessService } from './modules/media/media-access.service.ts';

export type Services = {
  settings: SettingsService;
  ledger: LedgerService;
  /** Client idempotency keys: a replayed key gets the first answer (decision 030). */
  idempotency: IdempotencyService;
  users: UsersService;
  mail: MailService;
  auth: AuthService;
  bots: BotsService;
  chats: ChatsService;
  /** Health of the engine that writes her replies (GET /api/chat/ai-status, `ai_status`). */
  aiStatus: AiStatusTracker;
  payments: PaymentsService;
  /** The built-in sandbox card processor (its own hosted pages and webhooks). */
  sandbox: SandboxProcessor;
  subscriptions: SubscriptionsService;
  platform: PlatformService;
  support: SupportService;
  telegram: TelegramService;
  /** Web push subscriptions and notifications ("she writes first"). */
  push: PushService;
  /** The safety layer in front of every engine: crisis help, the under-18 age review. */
  safety: SafetyService;
  /** Who may open which media file; signed media URLs (decision 040). */
  mediaAccess: MediaAccessService;
};

/** Everything a module needs, built once by buildApp. */
export type AppContext = {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  secrets: Secrets;
  storage: MediaStorage;
  realtime: Realtime;
  background: Background;
  io: SocketServer;
  services: Services;
};

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** onRequest hook: answers 401 unless a valid access token is sent. */
    requireAuth: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyContextConfig {
    /** A write a banned account may still make (the appeal); every other write answers 403 BANNED. */
    allowBanned?: boolean;
  }
  interface FastifyRequest {
    authUserId: string | null;
    /** The signed-in user's id; only inside routes guarded by requireAuth. */
    userId(): string;
  }
}
