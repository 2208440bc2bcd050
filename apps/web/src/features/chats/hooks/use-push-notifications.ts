import type { PushSubscriptionBody } from '@amora/shared/push.ts';
import { useCallback, useEffect, useState } from 'react';
import { deletePushSubscription, fetchPushKey, savePushSubscription } from '../api/push-api.ts';

/**
 * unsupported: no service worker / Push API here (or the app runs without its service worker);
 * blocked: the user refused notifications in the browser; off / on: whether this browser is
 * subscribed; busy while asking.
 */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on' | 'busy';

function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    'serviceWorker' in navigator
  );
}

/** The VAPID key is base64url; pushManager.subscribe wants its bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** The schema (and zod) loads only when a subscription is sent: never on the chat's first render. */
async function toBody(sub: PushSubscription): Promise<PushSubscriptionBody> {
  const { PushSubscriptionBody } = await import('@amora/shared/push.ts');
  return PushSubscriptionBody.parse(sub.toJSON());
}

/**
 * "Notify me when she writes first": asks the browser's permission, subscribes this browser to
 * push with the server's VAPID key and stores the subscription (POST /api/push/subscribe).
 * A browser that is already subscribed re-sends its subscription on load, so the server follows
 * the account that is signed in here.
 */
export function usePushNotifications(): {
  state: PushState;
  error: unknown;
  enable: () => Promise<void>;
  disable: () => Promise<void>;
} {
  const [state, setState] = useState<PushState>(() => (pushSupported() ? 'busy' : 'unsupported'));
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const reg = await registration();
      if (!reg) return 'unsupported' as const;
      if (Notification.permission === 'denied') return 'blocked' as const;
      const sub = Notification.permission === 'granted' ? await reg.pushManager.getSubscription() : null;
      if (!sub) return 'off' as const;
      await savePushSubscription(await toBody(sub));
      return 'on' as const;
    })()
      .catch(() => 'off' as const)
      .then((next) => {
        if (!cancelled) setState(next);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const enable = useCallback(async () => {
    setError(null);
    setState('busy');
    try {
      const reg = await registration();
      if (!reg) {
        setState('unsupported');
        return;
      }
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'blocked' : 'off');
        return;
      }
      const { publicKey } = await fetchPushKey();
      const sub =
        (await reg.pushManager.getSubscription()) ??
        (await reg.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: base64UrlToBytes(publicKey),
        }));
      await savePushSubscription(await toBody(sub));
      setState('on');
    } catch (err) {
      setError(err);
      setState('off');
    }
  }, []);

  const disable = useCallback(async () => {
    setError(null);
    setState('busy');
    try {
      const sub = await (await registration())?.pushManager.getSubscription();
      if (sub) {
        await deletePushSubscription(sub.endpoint);
        await sub.unsubscribe();
      }
      setState('off');
    } catch (err) {
      setError(err);
      setState('on');
    }
  }, []);

  return { state, error, enable, disable };
}
