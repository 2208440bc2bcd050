import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { AppInstance } from '../app-types.ts';

/** Starts the app on a free loopback port (for socket clients); returns its base URL. */
export async function listenLocally(app: AppInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A Socket.IO client the way the web app opens one (websocket, no reconnection); no token: a guest. */
export function socketClient(url: string, token?: string): Socket {
  return connect(url, {
    path: '/socket.io',
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
  });
}

/** Resolves once the client is connected; rejects with its `connect_error`. */
export function connected(socket: Socket): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** A connected client of the user whose access token this is. */
export async function connectSocket(url: string, token: string): Promise<Socket> {
  const socket = socketClient(url, token);
  await connected(socket);
  return socket;
}

/** The next payload of `event` on the socket (listen before doing what sends it). */
export function waitForEvent<T>(socket: Socket, event: string): Promise<T> {
  return new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));
}
