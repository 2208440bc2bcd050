import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const server = process.env.AMORA_SERVER_URL ?? 'http://localhost:3000';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, made once at
 * build time with the strongest settings; the server sends the one the browser accepts
 * (`preCompressed` in apps/server/src/plugins/static.ts) and spends no CPU compressing at run time
 * (docs/decisions/165). The service worker precaches the plain files only (its globs).
 */
function precompress(): Plugin {
  return {
    name: 'amora:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const text = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
      await Promise.all(
        Object.values(bundle)
          .filter((file) => text.test(file.fileName))
          .map(async (file) => {
            const data = Buffer.from(file.type === 'chunk' ? file.code : file.source);
            if (data.length < 1024) return;
            const path = join(dir, file.fileName);
            const [br, gzipped] = await Promise.all([
              brotli(data, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
              gz(data, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
          }),
      );
    },
  };
}

/**
 * React Router 7's package exports resolve to its development build in every mode (its issue
 * #14102), so a production bundle shipped its dev warnings and checks (`ENABLE_DEV_WARNINGS`).
 * The build takes the production files the package ships beside them (docs/decisions/197).
 */
function reactRouterProduction(): Plugin {
  const dist = join(
    dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
  );
  return {
    name: 'amora:react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: join(dist, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: join(dist, 'dom-export.mjs') },
        ],
      },
    }),
  };
}

export default defineConfig({
  plugins: [
    react(),
    reactRouterProduction(),
    precompress(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Amora',
        short_name: 'Amora',
        description: 'Chat with AI companions who remember you.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#12080d',
        theme_color: '#12080d',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/socket\.io\//,
          /^\/media\//,
          /^\/sandbox\//,
          /^\/sitemap\.xml$/,
          /^\/robots\.txt$/,
        ],
        cleanupOutdatedCaches: true,
        // Web push ("she writes first"): the push and notificationclick handlers (public/push-sw.js).
        importScripts: ['/push-sw.js'],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/media': { target: server, changeOrigin: true },
      '/sandbox': { target: server, changeOrigin: true },
      '/socket.io': { target: server, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/media': { target: server, changeOrigin: true },
      '/sandbox': { target: server, changeOrigin: true },
      '/socket.io': { target: server, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: process.env.VITE_SOURCEMAP === '1',
    rolldownOptions: {
      output: {
        // Everything the first screen runs goes in two files, the libraries and the app, instead of
        // two dozen small shared chunks: one gzip stream each (smaller) and fewer requests
        // (docs/decisions/125). Routes, dialogs and dictionaries stay in their own lazy chunks.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
