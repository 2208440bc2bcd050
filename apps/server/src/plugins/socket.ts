import type { ClientToServerEvents, ServerToClientEvents } from '@amora/shared/socket.ts';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Server as HttpServer } from 'node:http';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
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
