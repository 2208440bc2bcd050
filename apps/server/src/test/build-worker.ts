import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

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
