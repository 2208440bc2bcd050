import { join, resolve } from 'node:path';
import type { AppInstance } from './app-types.ts';
import type { Config } from './config.ts';
import { openDatabase, type Db } from './db/client.ts';
import { createBackground, type Background } from './lib/background.ts';
import type { IdentityPort } from './lib/identity.ts';
import { createLocalMediaStorage, createS3MediaStorage, type MediaStorage } from './lib/media-storage.ts';
import type { Realtime } from './lib/realtime.ts';
import { startRecoverySweep, type RecoveryTask } from './lib/recovery-sweep.ts';
import { loadSecrets, loadSharedSecrets, type Secrets } from './lib/secrets.ts';
import { createSharedState, namespaceFor, type SharedState } from './lib/shared-state.ts';
import { createSettingsRepository } from './modules/settings/settings.repository.ts';
import { createSocketServer, type AppSocketServer } from './plugins/socket.ts';

/** The infrastructure every module may be given: built once, closed once, in order. */
export type Core = {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  secrets: Secrets;
  storage: MediaStorage;
  background: Background;
  /** Cross-node state (Redis with REDIS_URL, else in-process). */
  shared: SharedState;
  io: AppSocketServer;
  realtime: Realtime;
  /** The app's public origin, without a trailing slash. */
  publicUrl: string;
  /** A recovery task run once the app is ready and every RECOVERY_SWEEP_MS, on every node. */
  addRecoveryTask(task: RecoveryTask): void;
  /** Work to finish at shutdown, after background work drained and before the database closes. */
  onShutdown(fn: () => Promise<void> | void): void;
};

export type CoreOptions = {
  mediaRoot?: string | undefined;
  storage?: MediaStorage | undefined;
  pgliteTemplate?: Blob | File | undefined;
};

/**
 * Opens the database (migrated), the secrets, the media storage, the shared state and Socket.IO,
 * and schedules their orderly close: sockets first (they would keep the server open), then the
 * background work, the modules' own shutdown work, Redis and the database.
 */
export async function openCore(
  app: AppInstance,
  config: Config,
  identity: IdentityPort,
  opts: CoreOptions,
): Promise<Core> {
  const database = openDatabase({
    databaseUrl: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    dataDir: config.DATA_DIR,
    pgliteTemplate: opts.pgliteTemplate,
    groupCommit: config.PGLITE_GROUP_COMMIT,
  });
  await database.migrate();
  const db = database.db;
  const secrets =
    database.kind === 'postgres'
      ? await loadSharedSecrets(createSettingsRepository(db).secrets, config.JWT_SECRET)
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
  // Cross-node state of sessions and limits (decisions 036, 039): Redis with REDIS_URL.
  const shared = createSharedState({
    redisUrl: config.REDIS_URL,
    namespace: namespaceFor(config.DATABASE_URL),
    log: app.log,
  });
  const socket = createSocketServer({
    server: app.server,
    verify: (token) => identity.authenticate(token),
    redisUrl: config.REDIS_URL,
    log: app.log,
    limits: {
      eventBurst: config.SOCKET_EVENT_BURST,
      eventsPerSecond: config.SOCKET_EVENTS_PER_SECOND,
      perUser: config.SOCKETS_PER_USER,
    },
  });

  const recoveryTasks: RecoveryTask[] = [];
  const shutdown: (() => Promise<void> | void)[] = [];
  // Recovery (decisions 033, 034): once the app is ready (its webhook routes can be called).
  let stopRecovery = () => undefined as void;
  app.addHook('onReady', async () => {
    stopRecovery = startRecoverySweep({
      intervalMs: config.RECOVERY_SWEEP_MS,
      background,
      log: app.log,
      tasks: recoveryTasks,
    });
  });
  app.addHook('preClose', async () => {
    stopRecovery();
    socket.disconnectAll();
  });
  app.addHook('onClose', async () => {
    await background.drain();
    await socket.close();
    for (const fn of shutdown) await fn();
    await shared.close();
    await database.close();
  });

  return {
    config,
    db,
    dbKind: database.kind,
    secrets,
    storage,
    background,
    shared,
    io: socket.io,
    realtime: socket.realtime,
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    addRecoveryTask: (task) => recoveryTasks.push(task),
    onShutdown: (fn) => shutdown.push(fn),
  };
}
