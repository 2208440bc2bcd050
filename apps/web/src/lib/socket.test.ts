import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSocketConnection, type AppSocket, type SocketDeps } from './socket.ts';

type Listener = (...args: unknown[]) => void;

/** Just enough of a socket.io client socket to drive the connection logic. */
class FakeSocket {
  listeners = new Map<string, Listener[]>();
  connected = false;
  active = false;
  connect = vi.fn(() => {
    this.active = true;
    return this;
  });
  disconnect = vi.fn(() => this);
  emit = vi.fn();
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

function setup(overrides: Partial<SocketDeps> = {}) {
  const fake = new FakeSocket();
  let options: Record<string, unknown> = {};
  const deps: SocketDeps = {
    getToken: () => 'token-1',
    getUserId: () => 'user-1',
    refresh: vi.fn(async () => 'token-2'),
    onSessionExpired: vi.fn(),
    handlers: { tokens: vi.fn() },
    ...overrides,
  };
  const socket = createSocketConnection((opts) => {
    options = opts;
    return fake as unknown as AppSocket;
  }, deps);
  return { fake, socket, deps, options: () => options };
}

describe('socket client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects to the same origin with the current token and a 5 s reconnection delay', () => {
    const { options } = setup();
    expect(options()).toMatchObject({ path: '/socket.io', reconnectionDelay: 5000 });
    const auth = options().auth as (cb: (data: object) => void) => void;
    const cb = vi.fn();
    auth(cb);
    expect(cb).toHaveBeenCalledWith({ token: 'token-1' });
  });

  it('opens WebSocket first and falls back to long-polling when WebSocket fails', () => {
    const { options } = setup();
    expect(options()).toMatchObject({ transports: ['websocket', 'polling'], tryAllTransports: true });
  });

  it('joins the user room on connect and forwards server events', () => {
    const { fake, deps } = setup();
    fake.fire('connect');
    expect(fake.emit).toHaveBeenCalledWith('join', 'user-1');
    fake.fire('tokens', { tokens: 42 });
    expect(deps.handlers.tokens).toHaveBeenCalledWith({ tokens: 42 });
  });

  it('on an Unauthorized refusal refreshes the token and reconnects after 100 ms', async () => {
    const { fake, deps } = setup();
    fake.fire('connect_error', new Error('Unauthorized'));
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(fake.connect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.connect).toHaveBeenCalledTimes(1);
    expect(deps.onSessionExpired).not.toHaveBeenCalled();
  });

  it('logs out when the refresh fails', async () => {
    const { fake, deps } = setup({ refresh: vi.fn(async () => null) });
    fake.fire('connect_error', new Error('Unauthorized'));
    await vi.advanceTimersByTimeAsync(200);
    expect(deps.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(fake.connect).not.toHaveBeenCalled();
  });

  it('leaves other connection errors to the built-in reconnection', async () => {
    const { fake, deps } = setup();
    fake.active = true;
    fake.fire('connect_error', new Error('xhr poll error'));
    await vi.advanceTimersByTimeAsync(6000);
    expect(deps.refresh).not.toHaveBeenCalled();
    expect(fake.connect).not.toHaveBeenCalled();
  });

  it('a banned refusal says so (the page loads the ban) and tries again only after a minute', async () => {
    const onBanned = vi.fn();
    const { fake, deps } = setup({ onBanned });
    fake.fire('connect_error', new Error('BANNED'));
    expect(onBanned).toHaveBeenCalledTimes(1);
    expect(deps.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(fake.connect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fake.connect).toHaveBeenCalledTimes(1);
  });

  it('does not reconnect once closed', async () => {
    const { fake, socket } = setup();
    fake.fire('connect_error', new Error('Unauthorized'));
    socket.disconnect();
    await vi.advanceTimersByTimeAsync(500);
    expect(fake.connect).not.toHaveBeenCalled();
  });
});
