import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

/** Starts the server and shuts it down gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new requests, finishing in-flight ones');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    app
      .close()
      .then(() => {
        app.log.info('closed cleanly');
        process.exit(0);
      })
      .catch((err: unknown) => {
        app.log.error({ err }, 'error while closing');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // The first messages should not pay for compiling the safety patterns and phrase books (decision 150).
  const warm = Date.now();
  await app.ctx.services.chats
    .warmUp()
    .then(() => app.log.debug({ ms: Date.now() - warm }, 'engine and safety layer warmed up'))
    .catch((err: unknown) =>
      app.log.warn({ err }, 'warming the engine up failed; the first messages pay for it'),
    );
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Amora is running on ${config.PUBLIC_URL ?? `http://localhost:${config.PORT}`}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
