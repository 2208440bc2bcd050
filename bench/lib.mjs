// Shared helpers for the benchmarks: start a real Amora server on a temporary DATA_DIR.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
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

/** A port nothing listens on now, from the kernel (a random pick once met a port in use). */
async function freePort() {
  const probe = createServer();
  await new Promise((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts a server; if it exits before it answers (its port was taken meanwhile), starts another. */
export async function startAmora(env = {}) {
  for (let attempt = 1; ; attempt++) {
    const started = await startOnce(env);
    if (started) return started;
    if (attempt === 3) throw new Error('the Amora server exited before answering, three times');
  }
}

async function startOnce(env) {
  const port = await freePort();
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
  let exited = false;
  const exit = new Promise((resolve) => child.once('exit', resolve));
  void exit.then(() => {
    exited = true;
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 3000 && !exited; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (exited) return null;
  return {
    base,
    port,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exit;
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

/**
 * How much slower this machine runs a cache-resident workload (20 000 reads spread over 16 MB)
 * right after sleeping 5 ms than back to back: a virtual machine whose caches are taken while it
 * idles makes every "idle server" figure slower by about this factor's share of the work
 * (decision 195). Printed beside the idle latency so that runs on different machines compare.
 */
export async function idlePenalty() {
  const data = new Int32Array(1 << 22).fill(7);
  const at = new Int32Array(20_000);
  let seed = 12_345;
  for (let i = 0; i < at.length; i++) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    at[i] = seed & (data.length - 1);
  }
  let sink = 0; // the reads' sum is kept, so that no compiler drops them
  const work = () => {
    let x = 0;
    for (let i = 0; i < at.length; i++) x += data[at[i]];
    sink += x;
  };
  for (let i = 0; i < 100; i++) work();
  const median = async (sleepMs) => {
    const times = [];
    for (let k = 0; k < 60; k++) {
      if (sleepMs) await new Promise((r) => setTimeout(r, sleepMs));
      const t0 = performance.now();
      work();
      times.push(performance.now() - t0);
    }
    return percentile(
      times.sort((a, b) => a - b),
      50,
    );
  };
  const hot = await median(0);
  const penalty = (await median(5)) / hot;
  return sink > 0 ? penalty : NaN;
}
