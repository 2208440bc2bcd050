import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

/** Runs public/push-sw.js in a fake service worker scope and returns its event handlers. */
function loadWorker(
  windows: Array<{ url: string; focus: () => unknown; navigate?: (u: string) => unknown }>,
) {
  const handlers: Record<string, (event: unknown) => void> = {};
  const self = {
    location: { origin: 'https://amora.test' },
    addEventListener: (type: string, fn: (event: unknown) => void) => (handlers[type] = fn),
    registration: { showNotification: vi.fn(() => Promise.resolve()) },
    clients: {
      matchAll: vi.fn(() => Promise.resolve(windows)),
      openWindow: vi.fn(() => Promise.resolve(null)),
    },
  };
  const source = readFileSync(resolve(__dirname, '../../../public/push-sw.js'), 'utf8');
  runInNewContext(source, { self, URL });
  return { handlers, self };
}

function event(extra: Record<string, unknown>) {
  let waited: Promise<unknown> = Promise.resolve();
  return {
    ...extra,
    waitUntil: (p: Promise<unknown>) => (waited = p),
    done: () => waited,
  };
}

describe('the push service worker', () => {
  it('shows her name and words with one tag per chat', async () => {
    const { handlers, self } = loadWorker([]);
    const payload = {
      title: 'Mia',
      body: 'Missed you',
      tag: 'chat-c1',
      url: '/chat/c1',
      icon: '/media/a.png',
    };
    const e = event({ data: { json: () => payload, text: () => JSON.stringify(payload) } });
    handlers.push!(e);
    await e.done();
    expect(self.registration.showNotification).toHaveBeenCalledWith('Mia', {
      body: 'Missed you',
      icon: '/media/a.png',
      badge: '/icon-192.png',
      tag: 'chat-c1',
      renotify: true,
      data: { url: '/chat/c1' },
    });
  });

  it('a click focuses the open chat, else navigates an open window, else opens one', async () => {
    const close = vi.fn();
    const click = () => event({ notification: { close, data: { url: '/chat/c1' } } });

    const chatWindow = { url: 'https://amora.test/chat/c1', focus: vi.fn() };
    let w = loadWorker([chatWindow]);
    let e = click();
    w.handlers.notificationclick!(e);
    await e.done();
    expect(close).toHaveBeenCalled();
    expect(chatWindow.focus).toHaveBeenCalled();
    expect(w.self.clients.openWindow).not.toHaveBeenCalled();

    const moved = { url: 'https://amora.test/chat/c1', focus: vi.fn() };
    const home = {
      url: 'https://amora.test/',
      focus: vi.fn(),
      navigate: vi.fn(() => Promise.resolve(moved)),
    };
    w = loadWorker([home]);
    e = click();
    w.handlers.notificationclick!(e);
    await e.done();
    expect(home.navigate).toHaveBeenCalledWith('https://amora.test/chat/c1');
    expect(moved.focus).toHaveBeenCalled();

    w = loadWorker([]);
    e = click();
    w.handlers.notificationclick!(e);
    await e.done();
    expect(w.self.clients.openWindow).toHaveBeenCalledWith('https://amora.test/chat/c1');
  });

  it('ignores a url that leaves the site', async () => {
    const { handlers, self } = loadWorker([]);
    const payload = { title: 'x', body: 'y', url: 'https://evil.test/' };
    const e = event({ data: { json: () => payload, text: () => '' } });
    handlers.push!(e);
    await e.done();
    expect(self.registration.showNotification).toHaveBeenCalledWith(
      'x',
      expect.objectContaining({ data: { url: '/chat' } }),
    );
  });
});
