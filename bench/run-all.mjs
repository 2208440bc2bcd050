// Runs every benchmark in turn and prints its figures. The ones that touch the database run on
// PGlite and, when BENCH_DATABASE_URL is set, again on that PostgreSQL database (issue 13).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pg = process.env.BENCH_DATABASE_URL;
const onBoth = (script, env = {}) => [
  [script, { ...env, BENCH_DATABASE_URL: '' }],
  ...(pg ? [[script, { ...env, BENCH_DATABASE_URL: pg }]] : []),
];
const runs = [
  ['engine.mjs'],
  ['companion-quality.mjs'],
  ...onBoth('statements.mjs'),
  ...onBoth('chat-latency.mjs'),
  ['concurrent-chats.mjs', { CHATS: '50', BENCH_DATABASE_URL: '' }],
  ['concurrent-chats.mjs', { CHATS: '200', BENCH_DATABASE_URL: '' }],
  ...(pg ? [['concurrent-chats.mjs', { CHATS: '200', BENCH_DATABASE_URL: pg }]] : []),
  ...onBoth('ledger.mjs'),
  ['sockets.mjs'],
  ['api-rps.mjs'],
  ['bundle-size.mjs'],
  ['a11y.mjs'],
  ['safety.mjs'],
  ['voice.mjs'],
];
if (!pg) console.log('(BENCH_DATABASE_URL is not set: PGlite only)');
for (const [script, env = {}] of runs) {
  const label = Object.entries(env)
    .map(([k, v]) => `${k}=${k === 'BENCH_DATABASE_URL' ? (v ? 'postgres' : 'pglite') : v}`)
    .join(' ');
  console.log(`\n# ${script}${label ? ` (${label})` : ''}`);
  const childEnv = { ...process.env, ...env };
  if (!childEnv.BENCH_DATABASE_URL) delete childEnv.BENCH_DATABASE_URL;
  const r = spawnSync(process.execPath, [join(here, script)], { stdio: 'inherit', env: childEnv });
  if (r.status !== 0) process.exitCode = 1;
}
