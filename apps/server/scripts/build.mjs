// Bundles the server into dist/server.js, and its voice, safety and engine threads into
// dist/espeak-worker.js, dist/safety-worker.js and dist/engine-worker.js. npm packages stay external (installed by npm ci); the
// workspace packages (TypeScript sources) are bundled in.
import { build } from 'esbuild';

const started = Date.now();
await build({
  entryPoints: {
    server: 'src/server.ts',
    'espeak-worker': 'src/modules/media/tts/espeak-worker.ts',
    'safety-worker': 'src/modules/safety/safety-worker.ts',
    'engine-worker': 'src/modules/chats/engine/engine-worker.ts',
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
console.log(`server bundled in ${Date.now() - started} ms → dist/server.js and its three threads`);
