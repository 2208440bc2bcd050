import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { serverRoot } from '../lib/paths.ts';

/**
 * Runs the real server process (tsx on src/server.ts) with these env values over the test's own,
 * in production mode on 127.0.0.1; collects what it prints. For the lifecycle and crash tests.
 */
export function startServerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot(),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      // New accounts buy at once here; the email-verification rules have their own tests.
      UNVERIFIED_CAN_BUY: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * A port for such a server: free now, and below the kernel's ephemeral range (32768 and up here),
 * so no outgoing connection of the suites (PostgreSQL, Redis, fetch) can take it before the server
 * binds it (a random port up to 40000 could be taken that way, and the server then exits on start).
 */
export async function freePort(): Promise<string> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return String(port);
  }
}
