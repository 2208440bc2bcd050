import { resolve } from 'node:path';
import type { AppInstance, Services } from './app-types.ts';
import type { Config } from './config.ts';
import { openCore } from './core.ts';
import { createHttpServer, registerHttpPlugins } from './http.ts';
import { createIdentityPort } from './lib/identity.ts';
import { serverRoot } from './lib/paths.ts';
import { registerAccountModule } from './modules/account/account.module.ts';
import { registerAdminModule } from './modules/admin/admin.module.ts';
import { registerAlbumsModule } from './modules/albums/albums.module.ts';
import { registerAuthModule } from './modules/auth/auth.module.ts';
import { registerBillingModule } from './modules/billing/billing.module.ts';
import { registerBlogModule } from './modules/blog/blog.module.ts';
import { registerBotsModule } from './modules/bots/bots.module.ts';
import { registerChatsModule } from './modules/chats/chats.module.ts';
import { registerConversionModule } from './modules/conversion/conversion.module.ts';
import { registerEngineModule } from './modules/chats/engine.module.ts';
import { registerGeoModule } from './modules/geo/geo.module.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { registerInsightsModule } from './modules/insights/insights.module.ts';
import { createIdempotencyService } from './modules/idempotency/idempotency.service.ts';
import { registerMailModule } from './modules/mail/mail.module.ts';
import { registerOAuthModule } from './modules/oauth/oauth.module.ts';
import { registerChatMediaModule, registerMediaModule } from './modules/media/media.module.ts';
import { registerPaymentsModule } from './modules/payments/payments.module.ts';
import { registerPlatformModule } from './modules/platform/platform.module.ts';
import { registerPromoModule } from './modules/promo/promo.module.ts';
import { registerPushModule } from './modules/push/push.module.ts';
import { registerRegistrationModule } from './modules/registration/registration.module.ts';
import { registerRewardsModule } from './modules/rewards/rewards.module.ts';
import { registerSafetyModule } from './modules/safety/safety.module.ts';
import { registerSettingsModule } from './modules/settings/settings.module.ts';
import { registerStudioModule } from './modules/studio/studio.module.ts';
import { registerSupportModule } from './modules/support/support.module.ts';
import { registerTelegramModule } from './modules/telegram/telegram.module.ts';
import { registerUsersModule } from './modules/users/users.module.ts';
import { registerStatic } from './plugins/static.ts';
import './services.ts';
import type { BuildOptions } from './build-options.ts';

export type { BuildOptions };

/** The built SPA: apps/web/dist. */
export const DEFAULT_WEB_DIST = resolve(serverRoot(), '../web/dist');

/**
 * Builds the whole server, as a table of contents: the HTTP server and its plugins, the
 * infrastructure (database, secrets, storage, shared state, sockets), then each module in the
 * order of what it needs. A module's `*.module.ts` builds its services and registers its routes,
 * socket handlers and jobs from what it is given here (DESIGN §5). Tests call it with
 * `app.inject`; server.ts adds listen and shutdown.
 */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<AppInstance> {
  const app = createHttpServer(config, opts.logger);
  const identity = createIdentityPort();
  const core = await openCore(app, config, identity, opts);
  await registerHttpPlugins(app, { config, shared: core.shared, identity });
  const { db, realtime } = core;

  healthRoutes(app, core);
  const settings = await registerSettingsModule(app, core);
  const ledger = registerBillingModule(app, core);
  const users = registerUsersModule(app, { db, ledger });
  const idempotency = createIdempotencyService({ db });
  const mail = registerMailModule(app, core);
  const auth = await registerAuthModule(app, {
    core,
    users,
    mail,
    identity,
    refreshReuseGraceMs: opts.refreshReuseGraceMs ?? 10_000,
  });
  const telegram = registerTelegramModule(app, { config, users, auth });
  const oauth = registerOAuthModule(app, { core, users, auth });
  const geo = registerGeoModule(app, { config, users, settings });
  registerRegistrationModule(app, { db, config, publicUrl: core.publicUrl, users, auth, geo });

  const bots = await registerBotsModule(app, {
    db,
    storage: core.storage,
    shared: core.shared,
    seedDemo: config.SEED_DEMO,
  });
  const engine = registerEngineModule(app, { ...core, brain: opts.brain, chatLanguages: opts.chatLanguages });
  const { media, mediaAccess } = registerMediaModule(app, {
    core,
    tts: opts.tts,
    videoProvider: opts.videoProvider,
  });
  const safety = await registerSafetyModule(app, { db, users, realtime, io: core.io, shared: core.shared });
  const chats = await registerChatsModule(app, {
    core,
    engine,
    safety,
    bots,
    users,
    ledger,
    settings,
    idempotency,
    media,
  });
  await registerAccountModule(app, { core, users, auth, mail, chats });
  registerChatMediaModule(app, { core, media, chats, ledger, settings, users });
  const push = registerPushModule(app, { core, users, chats, options: opts.push });
  const platform = registerPlatformModule(app, { db, chats });
  const support = registerSupportModule(app, { db, realtime, chats, users });

  await registerAlbumsModule(app, {
    db,
    storage: core.storage,
    ledger,
    mediaAccess,
    seedDemo: config.SEED_DEMO,
  });
  const promo = registerPromoModule(app, { db, ledger, users });
  const { payments, subscriptions, sandbox } = registerPaymentsModule(app, {
    core,
    ledger,
    users,
    settings,
    promo,
  });
  registerAdminModule(app, { db, realtime, users, subscriptions });
  registerStudioModule(app, { core, bots, mediaAccess });
  registerConversionModule(app, { db, payments, ledger, users, settings, subscriptions });
  registerRewardsModule(app, { core, ledger, users, payments, clock: opts.clock });

  const services: Services = {
    settings,
    ledger,
    idempotency,
    users,
    mail,
    auth,
    bots,
    chats,
    aiStatus: engine.aiStatus,
    payments,
    sandbox,
    subscriptions,
    platform,
    support,
    telegram,
    oauth,
    push,
    safety,
    mediaAccess,
  };
  app.decorate('ctx', { ...core, services });

  const webDist = config.WEB_DIST === undefined ? DEFAULT_WEB_DIST : config.WEB_DIST || null;
  registerBlogModule(app, {
    db,
    storage: core.storage,
    bots,
    publicUrl: core.publicUrl,
    webDist,
    seedDemo: config.SEED_DEMO,
  });
  registerInsightsModule(app, { db, users });
  await registerStatic(app, { webDist });
  await app.ready();
  return app;
}
