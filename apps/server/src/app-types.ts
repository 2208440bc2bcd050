import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Server as SocketServer } from 'socket.io';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Background } from './lib/background.ts';
import type { MediaStorage } from './lib/media-storage.ts';
import type { Realtime } from './lib/realtime.ts';
import type { Identity } from './lib/identity.ts';
import type { Secrets } from './lib/secrets.ts';

/**
 * The services every module built, by name: filled in by `services.ts` (the composition root's
 * registry, for tests and tools). Modules never read it: each receives what it uses (DESIGN §5).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Services {}

/** The shared infrastructure built once by buildApp, and the registry of services (tests). */
export type AppContext = {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  secrets: Secrets;
  storage: MediaStorage;
  realtime: Realtime;
  background: Background;
  io: SocketServer;
  services: Services;
};

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Who is calling (plugins/auth.ts): tokens, roles, interface language. */
    identity: Identity;
    /** onRequest hook: answers 401 unless a valid access token is sent. */
    requireAuth: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyContextConfig {
    /** A write a banned account may still make (the appeal); every other write answers 403 BANNED. */
    allowBanned?: boolean;
  }
  interface FastifyRequest {
    authUserId: string | null;
    /** The signed-in user's id; only inside routes guarded by requireAuth. */
    userId(): string;
  }
}
