import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createChat,
  createAdminTestApp,
  onboardedUser,
  signUp,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';
import { halloweenSeason } from './platform.service.ts';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  ({ t, admin } = await createAdminTestApp());
});
afterAll(async () => t.close());

describe('maintenance', () => {
  it('is off by default, an admin turns it on and off, and everyone sees the flag', async () => {
    const get = async () => (await t.app.inject({ method: 'GET', url: '/api/settings/maintenance' })).json();
    expect(await get()).toEqual({ data: { maintenance: false } });
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/maintenance',
      headers: bearer(admin),
      payload: { maintenance: true },
    });
    expect(on.statusCode).toBe(200);
    expect(await get()).toEqual({ data: { maintenance: true } });
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/maintenance',
      headers: bearer(admin),
      payload: { maintenance: false },
    });
    expect(await get()).toEqual({ data: { maintenance: false } });
  });

  it('refuses a guest (401), a plain user (403) and a bad body (400)', async () => {
    const user = await signUp(t.app);
    const guest = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/maintenance',
      payload: { maintenance: true },
    });
    expect(guest.statusCode).toBe(401);
    const plain = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/maintenance',
      headers: bearer(user),
      payload: { maintenance: true },
    });
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toMatchObject({ code: 'FORBIDDEN' });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/maintenance',
      headers: bearer(admin),
      payload: { maintenance: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('theme events', () => {
  it('answers the Halloween event, follows the admin switch, and 404s unknown events', async () => {
    const get = async (name: string) =>
      t.app.inject({ method: 'GET', url: `/api/themeEvents/event/${name}` });
    const first = await get('Halloween');
    expect(first.statusCode).toBe(200);
    expect(first.json().event).toMatchObject({ _id: 'halloween', name: 'Halloween' });
    for (const isActive of [true, false]) {
      const set = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/themeEvents/event/halloween',
        headers: bearer(admin),
        payload: { isActive },
      });
      expect(set.statusCode).toBe(200);
      expect((await get('halloween')).json().event.isActive).toBe(isActive);
    }
    expect((await get('christmas')).statusCode).toBe(404);
  });

  it('GET /api/events lists every theme event with its state (SPEC §7 /events), without sign-in', async () => {
    for (const isActive of [true, false]) {
      await t.app.inject({
        method: 'PUT',
        url: '/api/admin/themeEvents/event/halloween',
        headers: bearer(admin),
        payload: { isActive },
      });
      const res = await t.app.inject({ method: 'GET', url: '/api/events' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ events: [{ _id: 'halloween', name: 'Halloween', isActive }] });
    }
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(spec.paths['/api/events']).toBeDefined();
  });

  it('runs Halloween from 15 October to 2 November when nobody chose', () => {
    expect(halloweenSeason(new Date('2026-10-31T12:00:00Z'))).toBe(true);
    expect(halloweenSeason(new Date('2026-11-02T23:00:00Z'))).toBe(true);
    expect(halloweenSeason(new Date('2026-11-03T00:00:00Z'))).toBe(false);
    expect(halloweenSeason(new Date('2026-10-14T00:00:00Z'))).toBe(false);
  });
});

describe('chat feedback', () => {
  it("stores feedback on the user's chat, validates it, and 404s another user's chat", async () => {
    const user = await onboardedUser(t.app);
    const other = await onboardedUser(t.app);
    const chat = await createChat(t.app, user);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${chat._id}/feedback`,
      headers: bearer(user),
      payload: { rating: 5, text: 'She remembered my dog' },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().feedback).toMatchObject({ rating: 5, text: 'She remembered my dog' });
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${chat._id}/feedback`,
      headers: bearer(user),
      payload: { rating: 9 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/1 to 5/);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${chat._id}/feedback`,
      headers: bearer(other),
      payload: { rating: 1 },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('tma-log', () => {
  it('accepts a launch log from a guest or a user and rejects a malformed one', async () => {
    const user = await signUp(t.app);
    const body = {
      userId: '42',
      username: 'kate',
      start_param: 'ref_1',
      platform: 'ios',
      timestamp: Date.now(),
    };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/events/tma-log', payload: body })).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/events/tma-log',
          headers: bearer(user),
          payload: body,
        })
      ).statusCode,
    ).toBe(200);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/events/tma-log',
      payload: { timestamp: 'now' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
