import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext, AppInstance } from './app-types.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createBackground } from './lib/background.ts';
import { createLocalMediaStorage, createS3MediaStorage, type MediaStorage } from './lib/media-storage.ts';
import { startRecoverySweep } from './lib/recovery-sweep.ts';
import { serverRoot } from './lib/paths.ts';
import { userRoom } from './lib/realtime.ts';
import { loadSecrets, loadSharedSecrets } from './lib/secrets.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createPromoRepository } from './modules/promo/promo.repository.ts';
import { promoRoutes } from './modules/promo/promo.routes.ts';
import { createPromoService } from './modules/promo/promo.service.ts';
import { registrationRoutes } from './modules/registration/registration.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createJwt } from './modules/auth/jwt.ts';
import { createLedgerRepository } from './modules/billing/ledger.repository.ts';
import { createLedgerService } from './modules/billing/ledger.service.ts';
import { walletRoutes } from './modules/billing/wallet.routes.ts';
import { createBotsRepository } from './modules/bots/bots.repository.ts';
import { botsRoutes } from './modules/bots/bots.routes.ts';
import { seedBots } from './modules/bots/bots.seed.ts';
import { createBotsService } from './modules/bots/bots.service.ts';
import { createChatsRepository } from './modules/chats/chats.repository.ts';
import { chatsRoutes } from './modules/chats/chats.routes.ts';
import { createChatsService } from './modules/chats/chats.service.ts';
import { createSafetyRepository } from './modules/safety/safety.repository.ts';
import { registerSafetyGuard, safetyRoutes } from './modules/safety/safety.routes.ts';
import { createSafetyService } from './modules/safety/safety.service.ts';
import { startCompanionClock } from './modules/chats/companion.service.ts';
import type { Brain } from '@amora/companion/engine/brain.ts';
import { createBuiltinBrain } from '@amora/companion/engine/builtin-brain.ts';
import { engineLanguages, languages, type Language } from '@amora/shared/enums.ts';
import { createOpenAiBrain } from './modules/chats/engine/openai-brain.ts';
import { createOpenAiClient } from './modules/chats/engine/openai-client.ts';
import { createAiStatusTracker } from './modules/chats/ai-status.ts';
import { aiStatusRoutes } from './modules/chats/ai-status.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { geoRoutes } from './modules/geo/geo.routes.ts';
import { createIdempotencyService } from './modules/idempotency/idempotency.service.ts';
import { createMailService } from './modules/mail/mail.service.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsRepository } from './modules/payments/payments.repository.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createSandboxProcessor } from './modules/payments/sandbox/sandbox-processor.ts';
import { createSandboxProvider } from './modules/payments/sandbox/sandbox-provider.ts';
import { createStripeProvider } from './modules/payments/stripe/stripe-provider.ts';
import {
  createTelegramStarsProvider,
  deriveTelegramWebhookSecret,
} from './modules/payments/telegram/telegram-stars-provider.ts';
import { createSandboxRepository } from './modules/payments/sandbox/sandbox.repository.ts';
import { sandboxRoutes } from './modules/payments/sandbox/sandbox.routes.ts';
import { createSubscriptionsRepository } from './modules/payments/subscriptions.repository.ts';
import { subscriptionsRoutes } from './modules/payments/subscriptions.routes.ts';
import { createSubscriptionsService } from './modules/payments/subscriptions.service.ts';
import { createSettingsRepository } from './modules/settings/settings.repository.ts';
import { offersRoutes } from './modules/settings/offers.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createChatMediaService } from './modules/media/chat-media.service.ts';
import { mediaCommandHandlers } from './modules/media/media.commands.ts';
import { createMediaReplies } from './modules/media/media-replies.ts';
import { createMediaRepository } from './modules/media/media.repository.ts';
import { mediaFileRoutes, mediaRoutes } from './modules/media/media.routes.ts';
import { createMediaAccessService } from './modules/media/media-access.service.ts';
import { createMediaSigner } from './lib/media-signing.ts';
import { createMediaService } from './modules/media/media.service.ts';
import { registerMediaSocket } from './modules/media/media.socket.ts';
import { createEspeakWasmTts } from './modules/media/tts/espeak-wasm-tts.ts';
import { createOpenAiTts } from './modules/media/tts/openai-tts.ts';
import type { TtsEngine } from './modules/media/tts/tts.ts';
import { createPreparedClipsProvider, type VideoProvider } from './modules/media/video/video-provider.ts';
import { demoVideoDir } from './modules/bots/demo-art.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createPlatformRepository } from './modules/platform/platform.repository.ts';
import { createPushRepository } from './modules/push/push.repository.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { createWebPushSender, type PushSender } from './modules/push/push-sender.ts';
import { createPushService } from './modules/push/push.service.ts';
import type { Resolve } from './modules/push/endpoint-guard.ts';
import { platformRoutes } from './modules/platform/platform.routes.ts';
import { createPlatformService } from './modules/platform/platform.service.ts';
import { createSupportRepository } from './modules/support/support.repository.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { createSupportService } from './modules/support/support.service.ts';
import { telegramRoutes } from './modules/telegram/telegram.routes.ts';
import { createTelegramService } from './modules/telegram/telegram.service.ts';
import { registerAuth } from './plugins/auth.ts';
import { messageLanguageOf } from './lib/messages/index.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { connectSources, strictTransportSecurity } from './plugins/security-headers.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { createSharedState, namespaceFor } from './lib/shared-state.ts';
import { createSessionState } from './modules/auth/session-state.ts';
import { createSignInThrottle } from './modules/auth/sign-in-throttle.ts';
import { createSocketServer } from './plugins/socket.ts';
import { registerStatic } from './plugins/static.ts';

/** The built SPA: apps/web/dist. */
export const DEFAULT_WEB_DIST = resolve(serverRoot(), '../web/dist');

export type BuildOptions = {
  /** Replaces the companion engine (tests). */
  brain?: Brain;
  /** The chat languages a replaced engine writes (tests); default: the built-in engine's. */
  chatLanguages?: readonly Language[];
  /** Where media files live; defaults to DATA_DIR/media. */
  mediaRoot?: string;
  /** Replaces the media storage (tests: a bucket on a fake S3 server). */
  storage?: MediaStorage;
  logger?: FastifyBaseLogger | boolean;
  /** A refresh token reused within this window is a racing tab, not theft (default 10 s). */
  refreshReuseGraceMs?: number;
  /** Start an in-memory PGlite from this migrated dump (tests). */
  pgliteTemplate?: Blob | File;
  /** Replaces the text-to-speech engine (tests). */
  tts?: TtsEngine;
  /** Replaces the video provider (tests). */
  videoProvider?: VideoProvider;
  /** Web push: another sender, or loopback http endpoints allowed (tests). */
  push?: { sender?: PushSender; allowInsecureEndpoints?: boolean; resolve?: Resolve };
};

/**
 * Builds the whole server: database (migrated and seeded), services, REST routes, Socket.IO and
 * the SPA. Tests call it with `app.inject`; server.ts adds listen and shutdown.
 */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<AppInstance> {
  const app = Fastify({
    logger:
      opts.logger === undefined
        ? {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          }
        : opts.logger === true
          ? { level: config.LOG_LEVEL }
          : opts.logger === false
            ? false
            : undefined,
    ...(typeof opts.logger === 'object' ? { loggerInstance: opts.logger } : {}),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 256 * 1024,
    // A hop count trusts that many proxies nearest to us, never the client's own entries (decision 039).
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  // JSON everywhere (DESIGN §4): anything else answers 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  const database = openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    pgliteTemplate: opts.pgliteTemplate,
  });
  await database.migrate();
  const db = database.db;

  const settingsRepo = createSettingsRepository(db);
  const secrets =
    database.kind === 'postgres'
      ? await loadSharedSecrets(settingsRepo.secrets, config.JWT_SECRET)
      : loadSecrets({ dataDir: config.DATA_DIR, jwtSecret: config.JWT_SECRET });
  const storage =
    opts.storage ??
    (config.S3_BUCKET
      ? createS3MediaStorage({
          endpoint: config.S3_ENDPOINT,
          bucket: config.S3_BUCKET,
          region: config.S3_REGION,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        })
      : createLocalMediaStorage(
          opts.mediaRoot ??
            config.MEDIA_DIR ??
            (config.DATA_DIR === 'memory://' ? resolve('.data-test/media') : join(config.DATA_DIR, 'media')),
        ));
  const background = createBackground((err) => app.log.error({ err }, 'background task failed'));
  const jwt = createJwt(secrets.jwtSecret);
  // Cross-node state of sessions and limits (decisions 036, 039): Redis with REDIS_URL.
  const shared = createSharedState({
    redisUrl: config.REDIS_URL,
    namespace: namespaceFor(config.DATABASE_URL),
    log: app.log,
  });
  const socket = createSocketServer({
    server: app.server,
    verify: (token) => auth.authenticate(token),
    redisUrl: config.REDIS_URL,
    log: app.log,
    limits: {
      eventBurst: config.SOCKET_EVENT_BURST,
      eventsPerSecond: config.SOCKET_EVENTS_PER_SECOND,
      perUser: config.SOCKETS_PER_USER,
    },
  });
  const realtime = socket.realtime;

  const settings = createSettingsService(settingsRepo);
  const ledger = createLedgerService({ db, repo: createLedgerRepository(), realtime });
  const users = createUsersService({ db, repo: createUsersRepository(), ledger });
  const idempotency = createIdempotencyService({ db });
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  const mail = createMailService({
    db,
    log: app.log,
    smtpUrl: config.SMTP_URL,
    from: `Amora <no-reply@${new URL(publicUrl).hostname}>`,
  });
  const sessions = createSessionState({
    shared,
    load: async (userId) => {
      const u = await users.findById(userId);
      return u ? { version: u.sessionVersion, banned: u.banned, bannedReason: u.bannedReason } : null;
    },
  });
  await sessions.start();
  // Each node acts on its own sockets: a new session version drops them; a ban says why first.
  sessions.onChange((change) => {
    const room = socket.io.local.in(userRoom(change.userId));
    if (change.kind === 'ban') room.emit('banned', { reason: change.reason });
    if (change.kind === 'unban') room.emit('unbanned', {});
    if (change.kind !== 'unban') room.disconnectSockets(true);
  });
  users.onBanChange((userId, reason) =>
    sessions.changed(reason === null ? { userId, kind: 'unban' } : { userId, kind: 'ban', reason }),
  );
  const auth = createAuthService({
    db,
    repo: createAuthRepository(),
    users,
    jwt,
    mail,
    publicUrl,
    reuseGraceMs: opts.refreshReuseGraceMs ?? 10_000,
    sessions,
    throttle: createSignInThrottle({
      shared,
      secret: secrets.jwtSecret,
      options: {
        freeAttempts: config.SIGNIN_FREE_ATTEMPTS,
        baseLockMs: config.SIGNIN_LOCK_BASE_MS,
        maxLockMs: config.SIGNIN_LOCK_MAX_MS,
        windowMs: Math.max(15 * 60_000, config.SIGNIN_LOCK_MAX_MS),
      },
    }),
    secret: secrets.jwtSecret,
    logLinks: config.NODE_ENV !== 'production',
  });
  const botsRepo = createBotsRepository();
  const bots = createBotsService({ db, repo: botsRepo, storage, shared });
  await bots.start();
  // The engine: OpenAI-compatible when LLM_BASE_URL is set, else the built-in one (DESIGN §4).
  const useLlm = !opts.brain && Boolean(config.LLM_BASE_URL && config.LLM_MODEL);
  // The OpenAI-compatible engine writes every chat language of SPEC §3; the built-in one en and ru.
  const chatLanguages = opts.chatLanguages ?? (useLlm ? languages : engineLanguages);
  const aiStatus = createAiStatusTracker({
    engine: opts.brain?.name ?? (useLlm ? 'openai' : 'builtin'),
    languages: chatLanguages,
    onChange: (status) => {
      app.log.warn({ aiStatus: status }, 'AI status changed');
      realtime.toAll('ai_status', status);
    },
  });
  socket.io.on('connection', (s) => {
    s.on('request_lifecheck_ai', () => s.emit('ai_status', aiStatus.current()));
  });
  const builtinBrain = createBuiltinBrain();
  const brain =
    opts.brain ??
    (useLlm && config.LLM_BASE_URL && config.LLM_MODEL
      ? createOpenAiBrain({
          client: createOpenAiClient({
            baseUrl: config.LLM_BASE_URL,
            apiKey: config.LLM_API_KEY,
            model: config.LLM_MODEL,
            timeoutMs: config.LLM_TIMEOUT_MS,
            idleTimeoutMs: config.LLM_IDLE_TIMEOUT_MS,
            retries: config.LLM_RETRIES,
            retryBaseMs: config.LLM_RETRY_BASE_MS,
          }),
          referee: builtinBrain,
          status: aiStatus,
          contextTokens: config.LLM_CONTEXT_TOKENS,
          onSummaryError: (err) => app.log.warn({ err }, 'chat summary failed'),
        })
      : builtinBrain);
  // Media (photos, voice notes, videos): TTS from TTS_BASE_URL when set, else the built-in espeak-ng (WebAssembly).
  const mediaRepo = createMediaRepository();
  const media = createMediaService({
    db,
    repo: mediaRepo,
    storage,
    tts:
      opts.tts ??
      (config.TTS_BASE_URL
        ? createOpenAiTts({
            baseUrl: config.TTS_BASE_URL,
            apiKey: config.TTS_API_KEY,
            model: config.TTS_MODEL,
          })
        : createEspeakWasmTts()),
    video:
      opts.videoProvider ??
      createPreparedClipsProvider(demoVideoDir() ?? resolve(serverRoot(), 'assets/demo-video')),
  });
  // The safety layer in front of every engine (decisions 044–046).
  const safety = createSafetyService({
    db,
    repo: createSafetyRepository(),
    users,
    realtime,
    log: app.log,
    shared,
  });
  await safety.start();
  const mediaSigner = createMediaSigner(secrets.mediaSecret);
  const mediaAccess = createMediaAccessService({
    db,
    repo: mediaRepo,
    storage,
    signer: mediaSigner,
  });
  const chats = createChatsService({
    db,
    safety,
    repo: createChatsRepository(),
    bots,
    users,
    ledger,
    settings,
    idempotency,
    realtime,
    brain,
    chatLanguages,
    background,
    log: app.log,
    replyDelayMs: config.REPLY_DELAY_MS,
    replyDeadlineMs: config.REPLY_DEADLINE_MS,
    replyMedia: createMediaReplies({
      media,
      settings,
      lastPhotoFromHer: (chatId) => chats.lastPhotoFromHer(chatId),
    }),
  });
  const chatMedia = createChatMediaService({
    db,
    repo: mediaRepo,
    media,
    chats,
    ledger,
    settings,
    realtime,
    background,
    log: app.log,
  });
  registerMediaSocket(socket.io, chatMedia, app.log, async (userId) => {
    const user = await users.findById(userId);
    return user ? messageLanguageOf(user.language) : null;
  });

  // Web push (VAPID keys are generated secrets): she writes first → a notification per chat.
  const push = createPushService({
    db,
    repo: createPushRepository(),
    sender:
      opts.push?.sender ??
      createWebPushSender({
        vapid: {
          subject: publicUrl.startsWith('https:')
            ? publicUrl
            : `mailto:${config.ADMIN_EMAIL ?? `admin@${new URL(publicUrl).hostname}`}`,
          publicKey: secrets.vapidPublicKey,
          privateKey: secrets.vapidPrivateKey,
        },
      }),
    publicKey: secrets.vapidPublicKey,
    log: app.log,
    allowInsecureEndpoints: opts.push?.allowInsecureEndpoints ?? false,
    ...(opts.push?.resolve ? { resolve: opts.push.resolve } : {}),
  });
  users.onDeactivate((userId) => push.unsubscribeAll(userId));
  // Sent in the background: a slow push service never holds up the sweep that wrote the message.
  chats.companion.onWroteFirst((e) => {
    background.run(() =>
      push.notify(
        e.userId,
        {
          title: e.botName,
          body: e.text,
          tag: `chat-${e.chatId}`,
          url: `/chat/${e.chatId}`,
          ...(e.botAvatar ? { icon: e.botAvatar } : {}),
        },
        { topic: e.chatId.replace(/[^A-Za-z0-9]/g, '').slice(0, 32) },
      ),
    );
    return Promise.resolve();
  });
  // Video jobs lost with their node (a restart mid-job) fail and refund: now and in every sweep.
  chats.companion.onSweep(async (now) => {
    await chatMedia.recoverLostVideos(now);
  });
  background.run(() => chatMedia.recoverLostVideos().then(() => undefined));
  const [requestCommand, voiceCommand] = mediaCommandHandlers(chatMedia);
  chats.commands.register(requestCommand);
  chats.commands.register(voiceCommand);

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
  const promo = createPromoService({ db, repo: createPromoRepository(), ledger, users });
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

  const platform = createPlatformService({ db, repo: createPlatformRepository(), chats });
  const support = createSupportService({
    db,
    repo: createSupportRepository(),
    realtime,
    openSupportChat: (userId) => chats.support(userId),
    isBanned: async (userId) => (await users.findById(userId))?.banned ?? false,
  });
  const telegram = createTelegramService({ botToken: config.TELEGRAM_BOT_TOKEN, users, auth });
  // Account deletion (POST /api/user/delete): every device is signed out.
  users.onDeactivate(async (userId) => {
    // SPEC §5: deleting an account cancels its active subscription (no further renewals).
    if ((await subscriptions.last(userId))?.state === 'active') await subscriptions.cancel(userId);
    await auth.revokeAllSessions(userId);
  });

  const ctx: AppContext = {
    config,
    db,
    dbKind: database.kind,
    secrets,
    storage,
    realtime,
    background,
    io: socket.io,
    services: {
      settings,
      ledger,
      idempotency,
      users,
      mail,
      auth,
      bots,
      chats,
      aiStatus,
      payments,
      sandbox,
      subscriptions,
      platform,
      support,
      telegram,
      push,
      safety,
      mediaAccess,
    },
  };
  app.decorate('ctx', ctx);

  await settings.seed();
  await seedBots({ db, repo: botsRepo, storage, log: app.log, demo: config.SEED_DEMO });
  bots.invalidate();
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD)
    await auth.ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD);

  // The relationship clock (issue 3): neglect and "she writes first", on every node (steps are claimed).
  const sweepMs = config.COMPANION_SWEEP_MS ?? (config.NODE_ENV === 'test' ? 0 : 60_000);
  if (sweepMs > 0) {
    const stopClock = startCompanionClock(chats.companion, sweepMs, app.log);
    app.addHook('preClose', async () => stopClock());
  }

  // Recovery (decisions 033, 034): once the app is ready (its webhook route can be called), and
  // every RECOVERY_SWEEP_MS, on every node.
  let stopRecovery = () => undefined as void;
  app.addHook('onReady', async () => {
    stopRecovery = startRecoverySweep({
      intervalMs: config.RECOVERY_SWEEP_MS,
      background,
      log: app.log,
      tasks: [
        { name: 'overdue replies', run: (now) => chats.recoverOverdueReplies(now) },
        { name: 'sandbox outbox', run: (now) => sandbox.recover(now) },
        { name: 'payment reconciliation', run: (now) => payments.reconcile(now) },
      ],
    });
  });
  app.addHook('preClose', async () => {
    stopRecovery();
    sandbox.stop();
  });

  // Shutdown: drop sockets first (they would keep the server open), let background work finish,
  // then close the database.
  app.addHook('preClose', async () => {
    socket.disconnectAll();
  });
  app.addHook('onClose', async () => {
    await background.drain();
    await socket.close();
    await media.tts.close?.();
    await shared.close();
    await database.close();
  });

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: strictTransportSecurity(config.PUBLIC_URL),
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://telegram.org'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: connectSources(config.PUBLIC_URL),
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'self'", 'https://web.telegram.org', 'https://*.telegram.org'],
        upgradeInsecureRequests: null,
      },
    },
  });
  registerAuth(app);
  await registerRateLimit(app, { redis: shared.redis, namespace: shared.namespace });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Amora API',
        description:
          'The public contract of Amora (DESIGN.md §4). Errors are `{ statusCode, code, message }`. Realtime events travel over Socket.IO at `/socket.io` (auth: `{ token }`).',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerSafetyGuard(app);
  healthRoutes(app);
  authRoutes(app);
  usersRoutes(app);
  settingsRoutes(app);
  offersRoutes(app);
  walletRoutes(app);
  botsRoutes(app);
  aiStatusRoutes(app);
  chatsRoutes(app);
  mediaRoutes(app, chatMedia);
  mediaFileRoutes(app, { access: mediaAccess, storage, signer: mediaSigner });
  pushRoutes(app, push);
  platformRoutes(app);
  supportRoutes(app);
  telegramRoutes(app);
  adminRoutes(app);
  registrationRoutes(app);
  promoRoutes(app, promo);
  paymentsRoutes(app);
  sandboxRoutes(app, () => sandbox);
  subscriptionsRoutes(app);
  geoRoutes(app);
  safetyRoutes(app);

  await registerStatic(app, {
    webDist: config.WEB_DIST === undefined ? DEFAULT_WEB_DIST : config.WEB_DIST || null,
  });

  await app.ready();
  return app;
}
