import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll } from 'vitest';

/**
 * Bundles one of the server's threads the way scripts/build.mjs does (npm packages external, the
 * workspace packages bundled in), beside node_modules so its packages resolve. `dispose` removes it.
 */
export async function buildWorker(entry: string): Promise<{ file: URL; dispose: () => void }> {
  const dir = join(import.meta.dirname, '../../../../node_modules/.cache');
  mkdirSync(dir, { recursive: true });
  const out = mkdtempSync(join(dir, 'server-thread-'));
  const outfile = join(out, 'worker.js');
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
    plugins: [
      {
        name: 'externals',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@amora/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return { file: pathToFileURL(outfile), dispose: () => rmSync(out, { recursive: true, force: true }) };
}

/**
 * For a thread's tests: bundles `entry` before them and removes it after, with two broken
 * threads beside it, one that exits at once (`dies`) and one that says it is ready and then never
 * answers (`silent`).
 */
export function useThreads(entry: string): { built: URL; dies: URL; silent: URL } {
  const files = {} as { built: URL; dies: URL; silent: URL };
  let worker: Awaited<ReturnType<typeof buildWorker>> | null = null;
  let scratch: string | null = null;
  beforeAll(async () => {
    worker = await buildWorker(entry);
    scratch = mkdtempSync(join(tmpdir(), 'server-thread-'));
    const dies = join(scratch, 'dies.mjs');
    writeFileSync(dies, 'process.exit(3);\n');
    const silent = join(scratch, 'silent.mjs');
    // Says it is ready (lib/thread-worker.ts), then never answers a job.
    writeFileSync(
      silent,
      "import { parentPort, workerData } from 'node:worker_threads';\n" +
        "parentPort.on('message', () => {});\nworkerData.port.postMessage({ ready: true });\n",
    );
    Object.assign(files, { built: worker.file, dies: pathToFileURL(dies), silent: pathToFileURL(silent) });
  });
  afterAll(() => {
    worker?.dispose();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });
  return files;
}
