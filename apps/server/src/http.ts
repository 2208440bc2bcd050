import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppInstance } from './app-types.ts';
import type { Config } from './config.ts';
import type { Identity } from './lib/identity.ts';
import type { SharedState } from './lib/shared-state.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { connectSources, strictTransportSecurity } from './plugins/security-headers.ts';

/** The Fastify instance: logging, request ids, zod validation, JSON only (DESIGN §4), errors. */
export function createHttpServer(
  config: Config,
  logger: FastifyBaseLogger | boolean | undefined,
): AppInstance {
  const app = Fastify({
    logger:
      logger === undefined
        ? {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          }
        : logger === true
          ? { level: config.LOG_LEVEL }
          : logger === false
            ? false
            : undefined,
    ...(typeof logger === 'object' ? { loggerInstance: logger } : {}),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 256 * 1024,
    // A hop count trusts that many proxies nearest to us, never the client's own entries (decision 039).
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  // JSON everywhere (DESIGN §4): anything else answers 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  return app;
}

/**
 * The plugins every route relies on, registered before any module's routes: cookies, security
 * headers, bearer authentication (through the identity port), per-user rate limits and the
 * OpenAPI document at /api/docs (it lists the routes registered after it).
 */
export async function registerHttpPlugins(
  app: AppInstance,
  deps: { config: Config; shared: SharedState; identity: Identity },
): Promise<void> {
  const { config } = deps;
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: strictTransportSecurity(config.PUBLIC_URL),
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://telegram.org'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: connectSources(config.PUBLIC_URL),
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'self'", 'https://web.telegram.org', 'https://*.telegram.org'],
        upgradeInsecureRequests: null,
      },
    },
  });
  registerAuth(app, deps.identity);
  await registerRateLimit(app, { config, redis: deps.shared.redis, namespace: deps.shared.namespace });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Amora API',
        description:
          'The public contract of Amora (DESIGN.md §4). Errors are `{ statusCode, code, message }`. Realtime events travel over Socket.IO at `/socket.io` (auth: `{ token }`).',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
