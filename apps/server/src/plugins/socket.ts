import type { ClientToServerEvents, ServerToClientEvents, VoiceModeAck } from '@amora/shared/socket.ts';
import { findNul } from '@amora/shared/text.ts';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Server as HttpServer } from 'node:http';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { negotiateLanguage, renderMessage } from '../lib/messages/index.ts';
import type { Realtime } from '../lib/realtime.ts';
import { userRoom } from '../lib/realtime.ts';
import { bearerToken } from './auth.ts';

type SocketData = { userId: string };
export type AppSocketServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/**
 * Socket.IO on the same port. A socket proves itself with the access token (`auth.token`, or a
 * bearer header) and joins its user's room; with REDIS_URL, rooms span every node.
 */
export function createSocketServer(opts: {
  server: HttpServer;
  verify: (token: string) => Promise<string | null>;
  redisUrl?: string | undefined;
  log: FastifyBaseLogger;
}): { io: AppSocketServer; realtime: Realtime; disconnectAll: () => void; close: () => Promise<void> } {
  const io: AppSocketServer = new Server(opts.server, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: false },
    maxHttpBufferSize: 64 * 1024,
  });
  const redis: Redis[] = [];
  if (opts.redisUrl) {
    const pub = new Redis(opts.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    for (const c of [pub, sub]) c.on('error', (err) => opts.log.error({ err }, 'redis error'));
    redis.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }

  io.use((socket, next) => {
    const raw = socket.handshake.auth as Record<string, unknown> | undefined;
    const token =
      (typeof raw?.token === 'string' ? raw.token : null) ??
      bearerToken(socket.handshake.headers.authorization);
    if (!token) return next(new Error('Unauthorized'));
    opts
      .verify(token)
      .then((userId) => {
        if (!userId) return next(new Error('Unauthorized'));
        socket.data.userId = userId;
        next();
      })
      .catch(() => next(new Error('Unauthorized')));
  });

  io.on('connection', (socket) => {
    // The input boundary of the HTTP routes (plugins/input-guard.ts) for socket events: a payload
    // with a NUL character is dropped, and its acknowledgement (if any) gets 400 VALIDATION_ERROR.
    socket.use((packet, next) => {
      const args = packet.slice(1);
      const ack: unknown = args.at(-1);
      const where = findNul(typeof ack === 'function' ? args.slice(0, -1) : args, 'payload');
      if (!where) return next();
      if (typeof ack === 'function') {
        const reply = ack as (r: VoiceModeAck) => void;
        const language = negotiateLanguage(socket.handshake.headers['accept-language']) ?? 'en';
        reply({
          ok: false,
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          message: renderMessage(language, 'input.nulByte', { where: where.slice(0, 80) }),
        });
      }
    });
    void socket.join(userRoom(socket.data.userId));
    // SPEC §7: clients emit `join` with their user id; a socket can only be in its own room.
    socket.on('join', (userId) => {
      if (userId === socket.data.userId) void socket.join(userRoom(userId));
    });
  });

  const realtime: Realtime = {
    toUser(userId, event, ...args) {
      io.to(userRoom(userId)).emit(event, ...args);
    },
    toAll(event, ...args) {
      io.emit(event, ...args);
    },
  };

  return {
    io,
    realtime,
    /** Drops every socket so the HTTP server can finish closing (clients reconnect elsewhere). */
    disconnectAll() {
      io.local.disconnectSockets(true);
      io.engine.close();
    },
    async close() {
      io.local.disconnectSockets(true);
      await Promise.all(redis.map((c) => c.quit().catch(() => undefined)));
    },
  };
}
