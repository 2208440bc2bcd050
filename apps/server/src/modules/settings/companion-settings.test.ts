import { DEFAULT_COMPANION_SETTINGS, type CompanionSettings, type Settings } from '@amora/shared/settings.ts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import type { Brain } from '@amora/companion/engine/brain.ts';
import {
  bearer,
  createChat,
  eventually,
  onboardedUser,
  refreshCookie,
  TEST_ADMIN,
  type Session,
  type TestApp,
  createTestApp,
} from '../../test/test-app.ts';

/*
 * Issue 10 item 5: the operator edits the relationship's pace in the console
 * (`PUT /api/admin/settings/companion`); the next turn already follows it.
 */

/** An engine that judges every turn plain small talk (1 point before the pace). */
const brain: Brain = {
  name: 'test',
  greeting: async () => ({ text: 'Hi!', memory: {}, pointsDelta: 0, intent: 'greeting' }),
  reply: async () => ({ text: 'Tell me more.', memory: {}, pointsDelta: 1, intent: 'small_talk' }),
};

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password }, { brain });
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: TEST_ADMIN });
  const body = res.json<{ accessToken: string; user: { _id: string } }>();
  admin = {
    token: body.accessToken,
    userId: body.user._id,
    cookie: refreshCookie(res.headers['set-cookie']),
    email: TEST_ADMIN.email,
  };
});
afterAll(async () => t.close());
afterEach(async () => {
  await t.app.ctx.services.settings.update('companion', DEFAULT_COMPANION_SETTINGS);
});

const put = (payload: unknown, who: { token: string } = admin) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/companion',
    headers: bearer(who),
    payload: payload as object,
  });
const companion = (): CompanionSettings => structuredClone(DEFAULT_COMPANION_SETTINGS);

async function paidChat(): Promise<{ s: Session; id: string }> {
  const s = await onboardedUser(t.app);
  await t.app.ctx.db.update(users).set({ status: 'Paid', tokens: 500 }).where(eq(users.id, s.userId));
  return { s, id: (await createChat(t.app, s))._id };
}
async function turn(s: Session, id: string, text = 'How was your day?') {
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/chat/send/${id}`,
    headers: bearer(s),
    payload: { message: { message: text }, type: 'text' },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return eventually(async () => {
    const c = (await t.app.inject({ method: 'GET', url: `/api/chat/${id}`, headers: bearer(s) })).json<{
      data: { locked: boolean; points: number; level: number; messages: { self: boolean }[] };
    }>().data;
    return !c.locked && c.messages.at(-1)?.self === false ? c : null;
  });
}

describe('the companion settings section', () => {
  it('is listed, readable, refused to non-operators, and in the OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(admin) });
    const data = res.json<{ data: { settings: Settings; sections: string[] } }>().data;
    expect(data.sections).toContain('companion');
    expect(data.settings.companion.level_markers).toEqual([20, 39, 58]);
    const user = await onboardedUser(t.app);
    expect((await put(companion(), user)).statusCode).toBe(403);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, object>;
    }>();
    expect(Object.keys(doc.paths)).toContain('/api/admin/settings/companion');
  });

  const bad: [string, (c: Record<string, unknown>) => void, RegExp][] = [
    ['markers that do not climb', (c) => (c.level_markers = [20, 58, 39]), /^body\.level_markers: /],
    ['a marker past 65', (c) => (c.level_markers = [20, 39, 66]), /^body\.level_markers\.2: /],
    ['a negative cap', (c) => (c.daily_turn_cap = -1), /^body\.daily_turn_cap: /],
    ['a text instead of a number', (c) => (c.turn_points = 'lots'), /^body\.turn_points: /],
    ['an unknown field', (c) => (c.speed = 3), /^body: /],
    [
      'a gift without points',
      (c) => delete (c.gift_points as Record<string, number>).jewelry,
      /^body\.gift_points\.jewelry: /,
    ],
    ['an unknown gift', (c) => ((c.gift_points as Record<string, number>).car = 9), /^body\.gift_points: /],
  ];
  it.each(bad)('refuses %s (400 naming the field) and keeps the old rules', async (_n, mutate, message) => {
    const c = companion() as unknown as Record<string, unknown>;
    mutate(c);
    const res = await put(c);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.json<{ message: string }>().message).toMatch(message);
    expect((await t.app.ctx.services.settings.get()).companion).toEqual(DEFAULT_COMPANION_SETTINGS);
  });
});

describe('an operator change takes effect at once', () => {
  it('a faster pace: the next turn earns the new turn points', async () => {
    const { s, id } = await paidChat();
    const first = await turn(s, id);
    expect(first.points).toBe(DEFAULT_COMPANION_SETTINGS.turn_points);
    await t.app.ctx.services.settings.get(); // warm this node's cache: the write must drop it
    const res = await put({ ...companion(), turn_points: 25, daily_turn_cap: 60 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { settings: Settings } }>().data.settings.companion.turn_points).toBe(25);
    const second = await turn(s, id);
    // The second turn of the day: 25 / (1 + 1 / 10), plus the carried fraction.
    expect(second.points).toBe(first.points + Math.floor(25 / 1.1));
    expect(second.level).toBe(2);
  });

  it('moved level markers: the next turn lands on the new level', async () => {
    const { s, id } = await paidChat();
    const first = await turn(s, id);
    expect(first).toMatchObject({ points: 1, level: 1 });
    expect((await put({ ...companion(), level_markers: [1, 30, 50] })).statusCode).toBe(200);
    const second = await turn(s, id);
    expect(second).toMatchObject({ points: 1, level: 2 });
    const events = (await t.app.inject({ method: 'GET', url: `/api/chat/${id}`, headers: bearer(s) })).json<{
      data: { messages: { eventType: string | null }[] };
    }>().data.messages;
    expect(events.some((m) => m.eventType === 'level_up')).toBe(true);
  });

  it('a harsher daily cap: once it is spent, plain turns earn nothing more today', async () => {
    expect((await put({ ...companion(), daily_turn_cap: 2 })).statusCode).toBe(200);
    const { s, id } = await paidChat();
    let last = 0;
    for (let i = 0; i < 4; i++) last = (await turn(s, id, `Question number ${i + 1}?`)).points;
    expect(last).toBe(2);
  });
});
