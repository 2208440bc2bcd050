import type { ServerToClientEvents } from '@amora/shared/socket.ts';

/** How services push events to a user's devices (DESIGN §4: one room per user). */
export interface Realtime {
  toUser<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** To every connected client (on every node); for news that is not about one user. */
  toAll<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
}

export const userRoom = (userId: string): string => `user:${userId}`;
