import { expect, test } from '@playwright/test';
import { fullBrowser } from './browser.ts';
import { onboardedUser, openChat } from './fixtures.ts';

// The installed app: these journeys need the service worker the others go without (decision 207),
// and the full browser: the headless shell keeps notifications blocked (decision 210).
test.use({ serviceWorkers: 'allow', launchOptions: fullBrowser });

/**
 * Web push for "she writes first" (issue 3): the chat list offers notifications; allowing them
 * subscribes this browser with the server's VAPID key and stores the subscription; a push
 * delivered to the real service worker shows her name and words, one notification per chat.
 * Headless Chromium has no push service, so PushManager.subscribe is stubbed; the rest is real.
 */
test('allow notifications from the chat list; a push shows her words, and they can be turned off', async ({
  page,
  context,
}) => {
  await openChat(await onboardedUser(page, 'push'), 0);

  await context.grantPermissions(['notifications']);
  await page.addInitScript(() => {
    type Sub = { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> };
    const w = window as unknown as { __push: { keyBytes: number; sub: Sub | null } };
    w.__push = { keyBytes: 0, sub: null };
    // A valid P-256 point and auth secret, as a browser would give them.
    const p256dh = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    PushManager.prototype.subscribe = function (opts?: PushSubscriptionOptionsInit) {
      w.__push.keyBytes = new Uint8Array(opts!.applicationServerKey as ArrayBuffer).length;
      const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Math.random().toString(36).slice(2)}`;
      w.__push.sub = {
        endpoint,
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth: 'tBHItJI5svbpez7KI4CCXg' } }),
        unsubscribe: () => {
          w.__push.sub = null;
          return Promise.resolve(true);
        },
      };
      return Promise.resolve(w.__push.sub as unknown as PushSubscription);
    };
    PushManager.prototype.getSubscription = function () {
      return Promise.resolve(w.__push.sub as unknown as PushSubscription | null);
    };
  });

  // The service worker must control the page first (it is registered by the production build).
  await page.goto('/chat');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const toggle = page.getByTestId('push-toggle');
  await expect(toggle).toHaveAttribute('data-state', 'off');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/push/subscribe') && r.request().method() === 'POST',
  );
  await toggle.getByRole('button', { name: 'Notify me when she writes first' }).click();
  expect((await saved).status()).toBe(201);
  await expect(toggle).toHaveAttribute('data-state', 'on');
  await expect(toggle.getByRole('status')).toContainText('Notifications are on');
  expect(
    await page.evaluate(() => (window as unknown as { __push: { keyBytes: number } }).__push.keyBytes),
  ).toBe(65);

  // A push message delivered to the real service worker shows her name and words, tagged per chat.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: Array<{ registrationId: string; isDeleted: boolean }> }) => {
        const live = e.registrations.find((r) => !r.isDeleted);
        if (live) resolve(live.registrationId);
      },
    );
  });
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const id = await registrationId;
  // Chromium may drop a push delivered while the worker is still starting up: deliver again until it
  // shows (the same tag replaces the earlier notification, so there is only ever one).
  await expect(async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: id,
      data: JSON.stringify({ title: 'Mia', body: 'I missed you today', tag: 'chat-e2e', url: '/chat' }),
    });
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              tag: n.tag,
              data: n.data as unknown,
            })),
          ),
        { timeout: 3_000 },
      )
      .toEqual([{ title: 'Mia', body: 'I missed you today', tag: 'chat-e2e', data: { url: '/chat' } }]);
  }).toPass({ timeout: 20_000 });

  const removed = page.waitForResponse(
    (r) => r.url().endsWith('/api/push/subscribe') && r.request().method() === 'DELETE',
  );
  await toggle.getByRole('button', { name: 'Turn off notifications' }).click();
  expect((await removed).status()).toBe(200);
  await expect(toggle).toHaveAttribute('data-state', 'off');
});
