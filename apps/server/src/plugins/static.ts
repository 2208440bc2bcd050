import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { renderMessage } from '../lib/messages/index.ts';
import { requestLanguage } from './errors.ts';

const API_PREFIXES = ['/api/', '/socket.io/', '/media/'];

/**
 * The built SPA (media files have their own route, modules/media) for every other path (deep links get index.html).
 * Hashed assets are cached for a year; index.html and the service worker are always revalidated.
 * Text files go out compressed (Brotli or gzip, made at build time).
 */
export async function registerStatic(app: FastifyInstance, opts: { webDist: string | null }) {
  const webDist = opts.webDist && existsSync(join(opts.webDist, 'index.html')) ? opts.webDist : null;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files (apps/web/vite.config.ts): the one
      // the browser accepts is sent as is, the plain file otherwise (docs/decisions/165).
      preCompressed: true,
      setHeaders(reply, path) {
        const immutable = path.startsWith(join(webDist, 'assets'));
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn('the web app is not built (npm run build); only the API is served');
  }

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => path.startsWith(p)) || path === '/api';
    if (!isApi && webDist && (req.method === 'GET' || req.method === 'HEAD')) {
      // Real files in the build (icons, manifest, sw.js) first, then the SPA shell.
      const rel = decodeURIComponent(path).replace(/^\/+/, '');
      if (rel && !rel.includes('..') && existsSync(join(webDist, rel))) return reply.sendFile(rel);
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html').sendFile('index.html');
    }
    const message = renderMessage(await requestLanguage(app, req), 'error.noSuchEndpoint', {
      method: req.method,
      path,
    });
    return reply.code(404).send({ statusCode: 404, code: 'NOT_FOUND', message });
  });
}
