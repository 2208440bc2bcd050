import { SOCKET_RECONNECT_AFTER_REFRESH_MS, SOCKET_RECONNECT_DELAY_MS } from '@amora/shared/constants.ts';
import type { ClientToServerEvents, ServerToClientEvents } from '@amora/shared/socket.ts';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketHandlers = Partial<ServerToClientEvents>;
type IoFactory = (opts: Partial<ManagerOptions & SocketOptions>) => AppSocket;

export type SocketDeps = {
  getToken: () => string | null;
  getUserId: () => string | null;
  /** Refreshes the access token (shared with the API client); null when the session is over. */
  refresh: () => Promise<string | null>;
  onSessionExpired: () => void;
  handlers: SocketHandlers;
  onStatusChange?: (connected: boolean) => void;
  /** The server refused the socket because the account is banned (the ban may be news to this page). */
  onBanned?: () => void;
};

/** Consecutive Unauthorized refusals we accept (each after a successful refresh) before giving up. */
const MAX_AUTH_RETRIES = 3;

const BANNED_RETRY_MS = 60_000;

function isUnauthorized(error: Error): boolean {
  return /unauthori[sz]ed|jwt|token/i.test(error.message);
}

/**
 * Opens a Socket.IO connection to the same origin with `auth: { token }` (read afresh on every
 * attempt), a 5 s reconnection delay, and the refresh-then-reconnect rule of SPEC §8.
 * WebSocket first, with long-polling tried when it fails (a proxy that blocks WebSocket): one
 * round trip to connect instead of a polling handshake, its requests and the upgrade (decision 186).
 */
export function createSocketConnection(io: IoFactory, deps: SocketDeps): AppSocket {
  const socket = io({
    path: '/socket.io',
    auth: (cb: (data: object) => void) => cb({ token: deps.getToken() ?? '' }),
    reconnection: true,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MS,
    withCredentials: true,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  });
  let authFailures = 0;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const reconnectSoon = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!closed && !socket.connected) socket.connect();
    }, delay);
  };

  socket.on('connect', () => {
    authFailures = 0;
    deps.onStatusChange?.(true);
    const userId = deps.getUserId();
    if (userId) socket.emit('join', userId);
  });
  socket.on('disconnect', () => deps.onStatusChange?.(false));
  socket.on('connect_error', (error: Error) => {
    deps.onStatusChange?.(false);
    if (closed) return;
    // A banned account gets no live socket (decision 037): try again rarely, in case of an unban.
    if (error.message === 'BANNED') {
      deps.onBanned?.();
      reconnectSoon(BANNED_RETRY_MS);
      return;
    }
    if (isUnauthorized(error)) {
      authFailures += 1;
      if (authFailures > MAX_AUTH_RETRIES) {
        deps.onSessionExpired();
        return;
      }
      void deps.refresh().then((token) => {
        if (closed) return;
        if (token) reconnectSoon(SOCKET_RECONNECT_AFTER_REFRESH_MS);
        else deps.onSessionExpired();
      });
      return;
    }
    // A refusal by the server leaves the socket inactive: the manager will not retry by itself.
    if (!socket.active) reconnectSoon(SOCKET_RECONNECT_DELAY_MS);
  });

  for (const [event, handler] of Object.entries(deps.handlers) as [
    keyof ServerToClientEvents,
    (...args: never[]) => void,
  ][]) {
    socket.on(event, handler as ServerToClientEvents[typeof event]);
  }

  const originalDisconnect = socket.disconnect.bind(socket);
  socket.disconnect = () => {
    closed = true;
    clearTimeout(timer);
    return originalDisconnect();
  };
  return socket;
}

let current: AppSocket | null = null;
let generation = 0;

/** Connects the app-wide socket (socket.io-client is loaded on demand, outside the initial bundle). */
export async function connectSocket(deps: SocketDeps): Promise<AppSocket | null> {
  disconnectSocket();
  const mine = ++generation;
  const { io } = await import('socket.io-client');
  if (mine !== generation) return null;
  current = createSocketConnection((opts) => io(opts), deps);
  return current;
}

export function disconnectSocket(): void {
  generation += 1;
  if (current) {
    current.removeAllListeners();
    current.disconnect();
    current = null;
  }
}

export function getSocket(): AppSocket | null {
  return current;
}
