/**
 * The registry of built services, by name (`app.ctx.services`): what tests and tools reach for.
 * It lives at the composition root, beside app.ts, so that app-types.ts (which every module
 * imports) never imports a module: the arrows point one way (DESIGN §5). Modules never read this
 * registry; each module's `*.module.ts` receives what it uses.
 */
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
import type { OAuthService } from './modules/oauth/oauth.service.ts';
import type { PushService } from './modules/push/push.service.ts';
import type { SafetyService } from './modules/safety/safety.service.ts';
import type { MediaAccessService } from './modules/media/media-access.service.ts';

declare module './app-types.ts' {
  interface Services {
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
    oauth: OAuthService;
    /** Web push subscriptions and notifications ("she writes first"). */
    push: PushService;
    /** The safety layer in front of every engine: crisis help, the under-18 age review. */
    safety: SafetyService;
    /** Who may open which media file; signed media URLs (decision 040). */
    mediaAccess: MediaAccessService;
  }
}

export type { Services } from './app-types.ts';
