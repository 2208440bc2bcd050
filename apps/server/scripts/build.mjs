// Bundles the server into dist/server.js, its voice thread into dist/espeak-worker.js and its
// safety thread into dist/safety-worker.js. npm packages stay external (installed by npm ci); the
// workspace packages (TypeScript sources) are bundled in.
import { build } from 'esbuild';

const started = Date.now();
await build({
  entryPoints: {
    server: 'src/server.ts',
    'espeak-worker': 'src/modules/media/tts/espeak-worker.ts',
    'safety-worker': 'src/modules/safety/safety-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
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
console.log(`server bundled in ${Date.now() - started} ms → dist/server.js and its two threads`);
