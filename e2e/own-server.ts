import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
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
  const server: ChildProcess = spawn(process.execPath, ['dist/server.js'], {
    cwd: join(dirname(fileURLToPath(import.meta.url)), '../apps/server'),
    env: {
      ...(opts.isolatedEnv ? { HOME: process.env.HOME ?? tmpdir() } : process.env),
      NODE_ENV: 'production',
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: mkdtempSync(join(tmpdir(), `amora-e2e-${opts.name}-`)),
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
      UNVERIFIED_CAN_BUY: 'true',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async (): Promise<void> => {
    if (server.exitCode !== null) return;
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`the ${opts.name} server did not start`);
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
