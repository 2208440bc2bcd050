import type { SubscriptionView } from '@amora/shared/subscriptions.ts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, listenLocally, socketClient } from '../../test/socket-client.ts';
import {
  bearer,
  createTestApp,
  eventually,
  signUp,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';
import * as kit from './payments-test-kit.ts';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp(kit.FAST_SANDBOX);
  url = await listenLocally(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

async function socketFor(s: Session): Promise<Socket> {
  const socket = socketClient(url, s.token);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

async function last(s: Session): Promise<SubscriptionView> {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/subscription/last', headers: bearer(s) });
  return res.json<{ subscription: SubscriptionView }>().subscription;
}

/** Each `user_refresh` with the subscription view the API gave at the moment it arrived. */
function refreshes(socket: Socket, s: Session): Array<{ reason: string; seen: SubscriptionView }> {
  const got: Array<{ reason: string; seen: SubscriptionView }> = [];
  socket.on('user_refresh', (p: { reason: string }) => {
    void last(s).then((seen) => got.push({ reason: p.reason, seen }));
  });
  return got;
}

describe('user_refresh: the open app learns about subscription changes', () => {
  it('a declined renewal and a cancellation reach the user’s sockets after they are stored, and no one else’s', async () => {
    const s = await signUp(t.app);
    const other = await signUp(t.app);
    await kit.subscribeAndPay(t, s, 'plan-monthly', '4000000000000341'); // renewals are declined
    const mine = refreshes(await socketFor(s), s);
    const theirs = refreshes(await socketFor(other), other);

    const end = new Date((await last(s)).expiryDate!);
    await t.app.ctx.services.subscriptions.sweep(new Date(end.getTime() + 60_000));
    const failed = await eventually(async () => mine.find((r) => r.seen.renewalFailed), 400);
    expect(failed).toMatchObject({ reason: 'subscription', seen: { state: 'active', renewalFailed: true } });

    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscription/cancel',
      headers: bearer(s),
    });
    expect(cancel.statusCode).toBe(200);
    const cancelled = await eventually(async () => mine.find((r) => r.seen.state === 'canceled'), 400);
    expect(cancelled.reason).toBe('subscription');
    expect(theirs).toEqual([]);
  });

  it('a successful subscription payment sends one too (the other tabs show the new plan)', async () => {
    const s = await signUp(t.app);
    const mine = refreshes(await socketFor(s), s);
    await kit.subscribeAndPay(t, s, 'plan-monthly');
    const paid = await eventually(async () => mine.find((r) => r.seen.state === 'active'), 400);
    expect(paid.reason).toBe('subscription');
  });
});
