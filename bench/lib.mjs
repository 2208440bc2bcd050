// Shared helpers for the benchmarks: start a real Amora server on a temporary DATA_DIR.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export async function startAmora(env = {}) {
  const port = 30000 + Math.floor(Math.random() * 20000);
  const dataDir = mkdtempSync(join(tmpdir(), 'amora-bench-'));
  const bundle = join(root, 'apps/server/dist/server.js');
  const args = existsSync(bundle) ? [bundle] : ['--import', 'tsx', join(root, 'apps/server/src/server.ts')];
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server only.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    cwd: join(root, 'apps/server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MEDIA_DIR: join(tmpdir(), 'amora-test-media'),
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000000',
      UNVERIFIED_CAN_BUY: 'true',
      RATE_LIMIT_WRITES: '1000000',
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      WEB_DIST: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 3000; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    port,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.on('exit', r));
    },
  };
}

export async function signUp(base, email) {
  const res = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench password 1', termsAccepted: true }),
  });
  if (!res.ok) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  return (await res.json()).accessToken;
}
