import { spawn } from 'node:child_process';
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
