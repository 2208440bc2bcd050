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
export type SocketLimits = {
  /** Events a connection may send in a burst; past it the socket is dropped (flood). */
  eventBurst: number;
  /** Events per second that refill the burst. */
  eventsPerSecond: number;
  /** Open sockets per user across every node; the oldest go first. */
  perUser: number;
};

export function createSocketServer(opts: {
  server: HttpServer;
  /** The user of a valid access token of a live session, with the account's ban state. */
  verify: (token: string) => Promise<{ userId: string; banned: boolean } | null>;
  redisUrl?: string | undefined;
  log: FastifyBaseLogger;
  limits: SocketLimits;
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
      .then((who) => {
        if (!who) return next(new Error('Unauthorized'));
        // A banned account keeps a read-only session but no live socket (decision 037).
        if (who.banned) return next(new Error('BANNED'));
        socket.data.userId = who.userId;
        next();
      })
      .catch(() => next(new Error('Unauthorized')));
  });

  io.on('connection', (socket) => {
    // A token bucket per connection: a client that floods events is dropped (decision 039).
    const { eventBurst, eventsPerSecond } = opts.limits;
    let tokens = eventBurst;
    let last = Date.now();
    socket.use((_packet, next) => {
      const now = Date.now();
      tokens = Math.min(eventBurst, tokens + ((now - last) / 1000) * eventsPerSecond);
      last = now;
      if (tokens < 1) {
        opts.log.warn({ userId: socket.data.userId }, 'socket flood: disconnected');
        socket.disconnect(true);
        return;
      }
      tokens -= 1;
      next();
    });
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
    void enforcePerUser(socket.data.userId);
    // SPEC §7: clients emit `join` with their user id; a socket can only be in its own room.
    socket.on('join', (userId) => {
      if (userId === socket.data.userId) void socket.join(userRoom(userId));
    });
  });

  /** Keeps the newest `perUser` sockets of a user, on every node (the adapter asks them all). */
  async function enforcePerUser(userId: string): Promise<void> {
    try {
      const sockets = await io.in(userRoom(userId)).fetchSockets();
      if (sockets.length <= opts.limits.perUser) return;
      const oldestFirst = sockets.sort(
        (a, b) => a.handshake.issued - b.handshake.issued || a.id.localeCompare(b.id),
      );
      for (const s of oldestFirst.slice(0, sockets.length - opts.limits.perUser)) s.disconnect(true);
    } catch (err) {
      opts.log.warn({ err, userId }, 'counting sockets failed');
    }
  }

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
