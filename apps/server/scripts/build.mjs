// Bundles the server into dist/server.js. npm packages stay external (installed by npm ci);
// the workspace package @amora/shared (TypeScript sources) is bundled in.
import { build } from 'esbuild';

const started = Date.now();
await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
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
console.log(`server bundled in ${Date.now() - started} ms → dist/server.js`);
