// Runs every benchmark in turn and prints its figures.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
for (const script of [
  'engine.mjs',
  'companion-quality.mjs',
  'chat-latency.mjs',
  'concurrent-chats.mjs',
  'api-rps.mjs',
  'bundle-size.mjs',
  'a11y.mjs',
  'ledger.mjs',
  'safety.mjs',
  'voice.mjs',
]) {
  console.log(`\n# ${script}`);
  const r = spawnSync(process.execPath, [join(here, script)], { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
}
