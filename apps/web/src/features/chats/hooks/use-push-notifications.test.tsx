import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PushApi from '../api/push-api.ts';
import { base64UrlToBytes, usePushNotifications } from './use-push-notifications.ts';

const fetchPushKey = vi.fn<() => Promise<{ publicKey: string }>>();
const savePushSubscription = vi.fn<(body: unknown) => Promise<{ subscribed: boolean }>>();
const deletePushSubscription = vi.fn<(endpoint: string) => Promise<{ subscribed: boolean }>>();
vi.mock('../api/push-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof PushApi>()),
  fetchPushKey: () => fetchPushKey(),
  savePushSubscription: (body: unknown) => savePushSubscription(body),
  deletePushSubscription: (endpoint: string) => deletePushSubscription(endpoint),
}));

// A P-256 public key is 65 bytes: 0x04 then x and y.
const KEY = `BA${'A'.repeat(85)}`;
const subJson = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: 'B'.repeat(87), auth: 'C'.repeat(22) },
};

type FakeSub = { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> };
let current: FakeSub | null;
const subscribe = vi.fn<(opts: PushSubscriptionOptionsInit) => Promise<FakeSub>>();
const requestPermission = vi.fn<() => Promise<NotificationPermission>>();
let permission: NotificationPermission;
let hasWorker: boolean;

function makeSub(): FakeSub {
  const sub: FakeSub = {
    endpoint: subJson.endpoint,
    toJSON: () => subJson,
    unsubscribe: vi.fn(() => {
      current = null;
      return Promise.resolve(true);
    }),
  };
  return sub;
}

beforeEach(() => {
  vi.clearAllMocks();
  current = null;
  permission = 'default';
  hasWorker = true;
  fetchPushKey.mockResolvedValue({ publicKey: KEY });
  savePushSubscription.mockResolvedValue({ subscribed: true });
  deletePushSubscription.mockResolvedValue({ subscribed: false });
  subscribe.mockImplementation(() => {
    current = makeSub();
    return Promise.resolve(current);
  });
  requestPermission.mockImplementation(() => Promise.resolve(permission));
  const registration = {
    pushManager: { getSubscription: () => Promise.resolve(current), subscribe },
  };
  vi.stubGlobal('PushManager', function PushManager() {});
  const FakeNotification = Object.defineProperties(function Notification() {}, {
    permission: { get: () => permission },
    requestPermission: { value: requestPermission },
  });
  vi.stubGlobal('Notification', FakeNotification);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve(hasWorker ? registration : undefined) },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('usePushNotifications', () => {
  it('asks permission, subscribes with the server key and stores the subscription', async () => {
    const { result } = renderHook(() => usePushNotifications());
    await waitFor(() => expect(result.current.state).toBe('off'));
    permission = 'granted';
    await act(() => result.current.enable());
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledTimes(1);
    const opts = subscribe.mock.calls[0]![0];
    expect(opts.userVisibleOnly).toBe(true);
    expect(opts.applicationServerKey).toEqual(base64UrlToBytes(KEY));
    expect((opts.applicationServerKey as Uint8Array).length).toBe(65);
    expect(savePushSubscription).toHaveBeenCalledWith(subJson);
    expect(result.current.state).toBe('on');
  });

  it('a refusal shows blocked and subscribes nothing', async () => {
    const { result } = renderHook(() => usePushNotifications());
    await waitFor(() => expect(result.current.state).toBe('off'));
    permission = 'denied';
    await act(() => result.current.enable());
    expect(result.current.state).toBe('blocked');
    expect(subscribe).not.toHaveBeenCalled();
    expect(savePushSubscription).not.toHaveBeenCalled();
  });

  it('an existing subscription is re-sent on load; turning off deletes it on the server and in the browser', async () => {
    permission = 'granted';
    current = makeSub();
    const sub = current;
    const { result } = renderHook(() => usePushNotifications());
    await waitFor(() => expect(result.current.state).toBe('on'));
    expect(savePushSubscription).toHaveBeenCalledWith(subJson);
    await act(() => result.current.disable());
    expect(deletePushSubscription).toHaveBeenCalledWith(subJson.endpoint);
    expect(sub.unsubscribe).toHaveBeenCalled();
    expect(result.current.state).toBe('off');
  });

  it('without a service worker (dev server) it is unsupported; a failed save leaves it off with the error', async () => {
    hasWorker = false;
    const first = renderHook(() => usePushNotifications());
    await waitFor(() => expect(first.result.current.state).toBe('unsupported'));
    first.unmount();

    hasWorker = true;
    savePushSubscription.mockRejectedValueOnce(new Error('boom'));
    const { result } = renderHook(() => usePushNotifications());
    await waitFor(() => expect(result.current.state).toBe('off'));
    permission = 'granted';
    await act(() => result.current.enable());
    expect(result.current.state).toBe('off');
    expect(result.current.error).toBeInstanceOf(Error);
  });
});
