import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';

/** A second Amora server (the built app) that a journey starts with settings of its own. */
export interface OwnServer {
  readonly base: string;
  stop(): Promise<void>;
}

export interface OwnServerOptions {
  /** Added to E2E_PORT: each journey that starts a server has an offset of its own. */
  portOffset: number;
  /** Names the temporary data folder and the error thrown when it does not start. */
  name: string;
  /** Settings on top of the defaults below (the built app on a fresh embedded database). */
  env: Record<string, string>;
  /** Replace the inherited environment instead of extending it (e.g. a PATH without binaries). */
  isolatedEnv?: boolean;
  /** How long it may take to start; a fresh server seeds the demo art first (default 230 s). */
  startTimeoutMs?: number;
  /**
   * Start on a new embedded database, migrated and seeded by this server itself, instead of a copy
   * of the run's template (below). For a journey about what a first start does in its settings.
   */
  fresh?: boolean;
}

export function ownServerBase(portOffset: number): string {
  return `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3310) + portOffset}`;
}

/** Call from a `beforeAll` hook: the hook's time limit becomes the start's, plus a margin. */
export async function startOwnServer(opts: OwnServerOptions): Promise<OwnServer> {
  const startTimeoutMs = opts.startTimeoutMs ?? 230_000;
  // On a busy machine (CI runs the server suites beside the journeys) a start takes minutes.
  test.setTimeout(startTimeoutMs + 30_000);
  const base = ownServerBase(opts.portOffset);
  const port = new URL(base).port;
  // The same journey in the previous project stopped its server on this port a moment ago, and a
  // server that drains on SIGTERM may still listen: its health answer must not pass for ours.
  await portFree(Number(port), startTimeoutMs);
  const dataDir = mkdtempSync(join(tmpdir(), `amora-e2e-${opts.name}-`));
  if (!opts.fresh) cpSync(await template(port, base, startTimeoutMs), dataDir, { recursive: true });
  const server = spawnServer(port, base, dataDir, opts);
  const stop = async (): Promise<void> => {
    if (server.exitCode !== null) return;
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  };
  if (await healthy(server, base, startTimeoutMs)) return { base, stop };
  await stop();
  throw new Error(`the ${opts.name} server did not start`);
}

function spawnServer(
  port: string,
  base: string,
  dataDir: string,
  opts: Pick<OwnServerOptions, 'env' | 'isolatedEnv'>,
): ChildProcess {
  return spawn(process.execPath, ['dist/server.js'], {
    cwd: join(dirname(fileURLToPath(import.meta.url)), '../apps/server'),
    env: {
      ...(opts.isolatedEnv ? { HOME: process.env.HOME ?? tmpdir() } : process.env),
      NODE_ENV: 'production',
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
      UNVERIFIED_CAN_BUY: 'true',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function healthy(server: ChildProcess, base: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) return false;
    try {
      if ((await fetch(`${base}/api/health`)).ok) return true;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/**
 * The run's template data folder: the state a server leaves after its first start with the default
 * settings (database migrated, demo characters and their art seeded, secrets made), then a clean
 * stop. A server started on a copy of it only opens it: about 6 s here against 17 s fresh, and the
 * journeys start eight such servers (decision 210). One run makes it once, under the id the config
 * gives the run: a folder made with `mkdir` marks the worker making it, and the others wait for its
 * `.ready` mark, or fail at once on its `.failed` one.
 */
async function template(port: string, base: string, timeoutMs: number): Promise<string> {
  const dir = join(tmpdir(), `amora-e2e-template-${process.env.AMORA_E2E_RUN ?? process.pid}`);
  const ready = join(dir, '.ready');
  const failed = join(dir, '.failed');
  const data = join(dir, 'data');
  const deadline = Date.now() + timeoutMs;
  try {
    mkdirSync(dir);
  } catch {
    while (!existsSync(ready)) {
      if (existsSync(failed) || Date.now() > deadline) throw new Error(`the template ${dir} was not made`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return data;
  }
  const server = spawnServer(port, base, data, { env: {} });
  const exited = new Promise((r) => server.once('exit', r));
  const up = await healthy(server, base, timeoutMs);
  if (server.exitCode === null) server.kill('SIGTERM');
  await exited;
  const made = up && server.exitCode === 0;
  writeFileSync(made ? ready : failed, '');
  if (!made) throw new Error('the template server did not start and stop cleanly');
  return data;
}

/** Waits until nothing listens on the port (a listener of our own binds it once, then lets go). */
async function portFree(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return;
    if (Date.now() > deadline) throw new Error(`port ${port} is still in use`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
