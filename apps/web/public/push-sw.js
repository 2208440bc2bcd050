/*
 * Web push for "she writes first", imported into the generated service worker (vite.config.ts,
 * workbox.importScripts). The server sends { title, body, tag, url, icon } (packages/shared/src/push.ts).
 */
/* global self */
self.addEventListener('push', (event) => {
  let data = {};
  if (event.data) {
    try {
      data = event.data.json();
    } catch {
      data = { body: event.data.text() };
    }
  }
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/chat';
  const tag = typeof data.tag === 'string' ? data.tag : undefined;
  event.waitUntil(
    self.registration.showNotification(typeof data.title === 'string' ? data.title : 'Amora', {
      body: typeof data.body === 'string' ? data.body : '',
      icon: typeof data.icon === 'string' ? data.icon : '/icon-192.png',
      badge: '/icon-192.png',
      tag,
      renotify: Boolean(tag),
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || '/chat';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((c) => c.url === target);
      if (same) return same.focus();
      const open = windows.find((c) => new URL(c.url).origin === self.location.origin);
      if (open) {
        try {
          const moved = await open.navigate(target);
          if (moved) return moved.focus();
        } catch {
          // An uncontrolled window cannot be navigated from here: open a new one.
        }
      }
      return self.clients.openWindow(target);
    })(),
  );
});
