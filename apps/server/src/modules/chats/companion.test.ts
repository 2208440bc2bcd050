import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMPANION_SETTINGS as cfg } from '@amora/shared/settings.ts';
import { chats } from '../../db/schema/chats.ts';
import { users } from '../../db/schema/users.ts';
import {
  bearer,
  createTestApp,
  eventually,
  onboardedUser,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';
import type { Brain } from '@amora/companion/engine/brain.ts';
import { createBuiltinBrain } from '@amora/companion/engine/builtin-brain.ts';

/** The built-in engine, except that every message counts as an insult (for the abuse break-up). */
const builtin = createBuiltinBrain();
let rude = false;
const brain: Brain = {
  name: 'test',
  greeting: (ctx) => builtin.greeting(ctx),
  writeFirst: (ctx) => builtin.writeFirst!(ctx),
  async reply(ctx) {
    const r = await builtin.reply(ctx);
    return rude ? { ...r, pointsDelta: -4, mood: 'Cold', intent: 'insult' } : r;
  },
};

let t: TestApp;
let botId: string;
beforeAll(async () => {
  t = await createTestApp({}, { brain });
  botId = (await t.app.inject({ method: 'GET', url: '/api/bots' })).json().data[0]._id as string;
});
afterAll(async () => t.close());

type Msg = { _id: string; message: string; self: boolean; eventType: string | null };
type ChatData = {
  messages: Msg[];
  locked: boolean;
  points: number;
  level: number;
  mood: string;
  status: string;
};
const inject = (s: Session, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(s),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const chatOf = async (s: Session, id: string) =>
  (await inject(s, 'GET', `/api/chat/${id}`)).json().data as ChatData;
const send = (s: Session, id: string, text: string) =>
  inject(s, 'POST', `/api/chat/send/${id}`, { message: { message: text }, type: 'text' });
const settled = (s: Session, id: string) =>
  eventually(async () => {
    const c = await chatOf(s, id);
    return !c.locked && c.messages.at(-1)?.self === false ? c : null;
  });
const hours = (h: number) => new Date(Date.now() - h * 60 * 60 * 1000);
const sweep = (at = new Date()) => t.app.ctx.services.chats.companion.sweep(at);

async function paidChat(): Promise<{ s: Session; id: string }> {
  const s = await onboardedUser(t.app, 'Alex');
  await t.app.ctx.db.update(users).set({ status: 'Paid' }).where(eq(users.id, s.userId));
  const id = (await inject(s, 'POST', '/api/chat', { botId })).json().data.chat._id as string;
  return { s, id };
}
const setChat = (id: string, patch: Partial<typeof chats.$inferInsert>) =>
  t.app.ctx.db.update(chats).set(patch).where(eq(chats.id, id));

describe('neglect (the relationship clock)', () => {
  it('takes points once per interval, makes her sad, and a level fall writes level_down', async () => {
    const { s, id } = await paidChat();
    await setChat(id, {
      points: 21,
      level: 2,
      mood: 'Crush',
      lastActivityAt: hours(cfg.neglect_after_hours + 1),
      nudgedAt: new Date(),
    });
    await sweep();
    let chat = await chatOf(s, id);
    expect(chat).toMatchObject({ points: 21 - cfg.neglect_points, level: 1, mood: 'Sick' });
    expect(chat.messages.at(-1)!.eventType).toBe('level_down');
    // The same interval is not charged twice, whichever node sweeps.
    await Promise.all([sweep(), sweep()]);
    chat = await chatOf(s, id);
    expect(chat.points).toBe(21 - cfg.neglect_points);
  });

  it('ends the relationship after break_up_after_days of silence: farewell, sends refused, only reload', async () => {
    const { s, id } = await paidChat();
    await setChat(id, { points: 30, lastActivityAt: hours(cfg.break_up_after_days * 24 + 1) });
    await sweep();
    const chat = await chatOf(s, id);
    expect(chat.status).toBe('broken');
    expect(chat.messages.at(-1)).toMatchObject({ self: false, eventType: 'break_up' });
    expect(chat.messages.at(-1)!.message).toMatch(/goodbye/i);
    const sent = await send(s, id, 'Hey, I am back');
    expect(sent.statusCode).toBe(403);
    expect(sent.json().message).toMatch(/cannot be restored/);
    const gift = await inject(s, 'POST', `/api/chat/command/${id}`, { command: 'gift:jewelry' });
    expect(gift.statusCode).toBe(403);
    expect((await inject(s, 'POST', `/api/chat/command/${id}`, { command: 'reset' })).statusCode).toBe(403);
    expect((await inject(s, 'POST', `/api/chat/command/${id}`, { command: 'reload' })).statusCode).toBe(200);
    const list = (await inject(s, 'GET', '/api/chat')).json().data as Array<{ _id: string; status: string }>;
    expect(list.find((c) => c._id === id)!.status).toBe('broken');
  });
});

describe('jealousy', () => {
  it('neglected while the user talks to another character she turns Cheater; support chats do not count', async () => {
    const { s, id } = await paidChat();
    const bots = (await t.app.inject({ method: 'GET', url: '/api/bots' })).json().data as Array<{
      _id: string;
    }>;
    const other = (await inject(s, 'POST', '/api/chat', { botId: bots[1]!._id })).json().data.chat
      ._id as string;
    const support = (await inject(s, 'POST', '/api/chat/support')).json().support._id as string;
    const longAgo = hours(cfg.neglect_after_hours + 1);
    await setChat(id, { points: 45, level: 3, mood: 'Boyfriend', lastActivityAt: longAgo });
    // Only the support chat was busy: she is just sad.
    await setChat(other, { lastActivityAt: hours(cfg.neglect_after_hours + 2) });
    await setChat(support, { lastActivityAt: new Date() });
    await sweep();
    expect((await chatOf(s, id)).mood).toBe('Sad');

    // He writes to another character meanwhile: the next step finds out.
    await setChat(id, { mood: 'Boyfriend', neglectedAt: hours(cfg.neglect_after_hours + 0.5) });
    await setChat(other, { lastActivityAt: new Date() });
    await sweep(new Date(Date.now() + cfg.neglect_after_hours * 60 * 60 * 1000));
    const chat = await chatOf(s, id);
    expect(chat.mood).toBe('Cheater');
    // A gift makes up for it.
    expect(
      (await inject(s, 'POST', `/api/chat/command/${id}`, { command: 'gift:chocolate' })).statusCode,
    ).toBe(200);
    expect((await chatOf(s, id)).mood).not.toBe('Cheater');
  });
});

describe('abuse', () => {
  it('sustained rudeness ends in a break-up that cannot be undone', async () => {
    const { s, id } = await paidChat();
    await setChat(id, { points: 50, level: 3 });
    rude = true;
    try {
      for (let i = 0; i < cfg.break_up_offenses; i++) {
        expect((await send(s, id, 'You are stupid')).statusCode).toBe(200);
        await settled(s, id);
      }
    } finally {
      rude = false;
    }
    const chat = await chatOf(s, id);
    expect(chat.status).toBe('broken');
    expect(chat.messages.some((m) => m.eventType === 'break_up')).toBe(true);
    expect((await send(s, id, 'Sorry')).statusCode).toBe(403);
  });
});

describe('she writes first', () => {
  it('after the configured silence, once per silence, in her own words', async () => {
    const { s, id } = await paidChat();
    await send(s, id, 'My name is Alex and I love hiking');
    await settled(s, id);
    await setChat(id, { lastActivityAt: hours(cfg.write_first_after_minutes / 60 + 0.5) });
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect(a.nudged + b.nudged).toBe(1);
    let chat = await chatOf(s, id);
    const nudge = chat.messages.at(-1)!;
    expect(nudge).toMatchObject({ self: false, eventType: 'write_first' });
    expect(nudge.message.length).toBeGreaterThan(5);
    expect((await sweep()).nudged).toBe(0);

    // The user answers; after a new silence she may write first again.
    await send(s, id, 'Hi again');
    await settled(s, id);
    expect((await sweep()).nudged).toBe(0);
    // Move the clock: the first nudge was long ago, the user's last word a silence ago.
    await setChat(id, {
      nudgedAt: hours(48),
      lastActivityAt: hours(cfg.write_first_after_minutes / 60 + 0.5),
    });
    expect((await sweep()).nudged).toBe(1);
    chat = await chatOf(s, id);
    const nudges = chat.messages.filter((m) => m.eventType === 'write_first');
    expect(nudges).toHaveLength(2);
    expect(nudges[0]!.message).not.toBe(nudges[1]!.message);
  });

  it('never writes first in the support chat or a broken one', async () => {
    const { s, id } = await paidChat();
    const support = (await inject(s, 'POST', '/api/chat/support')).json().support._id as string;
    await setChat(support, { lastActivityAt: hours(100) });
    await setChat(id, { status: 'broken', lastActivityAt: hours(100) });
    await sweep();
    expect((await chatOf(s, support)).messages.some((m) => m.eventType === 'write_first')).toBe(false);
    expect((await chatOf(s, id)).messages.some((m) => m.eventType === 'write_first')).toBe(false);
  });
});
