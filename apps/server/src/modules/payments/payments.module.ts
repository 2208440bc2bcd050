import type { AppInstance } from '../../app-types.ts';
import type { Core } from '../../core.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { PromoService } from '../promo/promo.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createBtcpayProvider } from './btcpay/btcpay-provider.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { createPaymentsService, type PaymentsService } from './payments.service.ts';
import { createSandboxProcessor, type SandboxProcessor } from './sandbox/sandbox-processor.ts';
import { createSandboxProvider } from './sandbox/sandbox-provider.ts';
import { createSandboxRepository } from './sandbox/sandbox.repository.ts';
import { sandboxRoutes } from './sandbox/sandbox.routes.ts';
import { createStripeProvider } from './stripe/stripe-provider.ts';
import { createSubscriptionsRepository } from './subscriptions.repository.ts';
import { subscriptionsRoutes } from './subscriptions.routes.ts';
import { createSubscriptionsService, type SubscriptionsService } from './subscriptions.service.ts';
import {
  createTelegramStarsProvider,
  deriveTelegramWebhookSecret,
} from './telegram/telegram-stars-provider.ts';

/**
 * Payments and subscriptions (docs/payments.md): the built-in sandbox processor, Stripe and
 * Telegram Stars when configured; webhooks, reconciliation of pending payments and the renewal
 * sweep (DB-driven on every node: rows are claimed by conditional updates).
 */
export function registerPaymentsModule(
  app: AppInstance,
  deps: {
    core: Pick<
      Core,
      'db' | 'config' | 'secrets' | 'background' | 'realtime' | 'publicUrl' | 'addRecoveryTask'
    >;
    ledger: LedgerService;
    users: UsersService;
    settings: SettingsService;
    promo: PromoService;
  },
): { payments: PaymentsService; subscriptions: SubscriptionsService; sandbox: SandboxProcessor } {
  const { db, config, secrets, background, realtime, publicUrl } = deps.core;
  const { ledger, users, settings, promo } = deps;
  // The sandbox processor posts its webhooks to our endpoint over HTTP once the server listens
  // (in-process through inject before that, e.g. in tests): the same route, parser and checks.
  const sandbox = createSandboxProcessor({
    db,
    repo: createSandboxRepository(),
    background,
    webhookSecret: secrets.webhookSecret,
    log: app.log,
    options: {
      maxDelayMs: config.SANDBOX_WEBHOOK_DELAY_MS,
      duplicateRate: config.SANDBOX_DUPLICATE_RATE,
      processingMs: config.SANDBOX_PROCESSING_MS,
      retryBaseMs: config.SANDBOX_RETRY_BASE_MS,
    },
    transport: async (path, body, headers) => {
      const addr = app.server.listening ? app.server.address() : null;
      if (addr && typeof addr === 'object') {
        const host = addr.address === '0.0.0.0' || addr.address === '::' ? '127.0.0.1' : addr.address;
        const res = await fetch(`http://${host.includes(':') ? `[${host}]` : host}:${addr.port}${path}`, {
          method: 'POST',
          body,
          headers,
          signal: AbortSignal.timeout(10_000),
        });
        return res.status;
      }
      const res = await app.inject({ method: 'POST', url: path, payload: body, headers });
      return res.statusCode;
    },
  });
  const paymentsRepo = createPaymentsRepository();
  const payments = createPaymentsService({
    db,
    repo: paymentsRepo,
    ledger,
    users,
    settings,
    providers: {
      sandbox: createSandboxProvider({ processor: sandbox, webhookSecret: secrets.webhookSecret }),
      // Outside processors are enabled by their settings (docs/payments.md).
      ...(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
        ? {
            stripe: createStripeProvider({
              secretKey: config.STRIPE_SECRET_KEY,
              webhookSecret: config.STRIPE_WEBHOOK_SECRET,
              publicUrl,
              apiUrl: config.STRIPE_API_URL,
            }),
          }
        : {}),
      ...(config.TELEGRAM_BOT_TOKEN
        ? {
            telegram: createTelegramStarsProvider({
              botToken: config.TELEGRAM_BOT_TOKEN,
              webhookSecret:
                config.TELEGRAM_WEBHOOK_SECRET ?? deriveTelegramWebhookSecret(config.TELEGRAM_BOT_TOKEN),
              apiUrl: config.TELEGRAM_API_URL,
              findPayment: (id) => paymentsRepo.findById(db, id),
            }),
          }
        : {}),
      ...(config.BTCPAY_URL && config.BTCPAY_STORE_ID && config.BTCPAY_API_KEY && config.BTCPAY_WEBHOOK_SECRET
        ? {
            crypto: createBtcpayProvider({
              url: config.BTCPAY_URL,
              storeId: config.BTCPAY_STORE_ID,
              apiKey: config.BTCPAY_API_KEY,
              webhookSecret: config.BTCPAY_WEBHOOK_SECRET,
              publicUrl,
            }),
          }
        : {}),
    },
    defaultProvider: config.PAYMENT_PROVIDER,
    discounts: promo,
    reconcileAfterMs: config.PAYMENT_RECONCILE_AFTER_MS,
    expireAfterMs: config.PAYMENT_EXPIRE_AFTER_MS,
    log: app.log,
  });
  // Decision 035: a deleted account's open checkouts are cancelled once the deletion has committed.
  users.onDeactivated((userId) => payments.cancelOpenCheckouts(userId));
  // A failed or declined checkout gives its promo-code discount back.
  payments.onPayment({ failed: (tx, payment) => promo.releaseDiscountIn(tx, payment.id) });
  const subscriptions = createSubscriptionsService({
    db,
    repo: createSubscriptionsRepository(),
    payments,
    ledger,
    users,
    settings,
    realtime,
    log: app.log,
  });
  // SPEC §5: deleting an account cancels its active subscription (no further renewals).
  users.onDeactivate(async (userId) => {
    if ((await subscriptions.last(userId))?.state === 'active') await subscriptions.cancel(userId);
  });
  // The renewal job: a DB-driven sweep on every node (rows are claimed by conditional updates).
  if (config.SUBSCRIPTION_SWEEP_MS > 0) {
    let sweeping = false;
    const timer = setInterval(() => {
      if (sweeping || background.closing) return;
      sweeping = true;
      background.run(() => subscriptions.sweep().finally(() => (sweeping = false)));
    }, config.SUBSCRIPTION_SWEEP_MS);
    timer.unref();
    app.addHook('preClose', async () => clearInterval(timer));
  }
  deps.core.addRecoveryTask({ name: 'sandbox outbox', run: (now) => sandbox.recover(now) });
  deps.core.addRecoveryTask({ name: 'payment reconciliation', run: (now) => payments.reconcile(now) });
  app.addHook('preClose', async () => sandbox.stop());

  paymentsRoutes(app, payments);
  sandboxRoutes(app, () => sandbox);
  subscriptionsRoutes(app, subscriptions);
  return { payments, subscriptions, sandbox };
}
