import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { connectSocket, listenLocally } from '../../test/socket-client.ts';
import { ledgerProblems } from '../../test/ledger-check.ts';
import {
  bearer,
  createChat,
  createTestApp,
  eventually,
  onboardedUser,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';
import { createBuiltinBrain } from '@amora/companion/engine/builtin-brain.ts';
import type { Brain } from '@amora/companion/engine/brain.ts';

/**
 * Decision 033: a reply the user paid for and never got (its node died or stalled) is failed and
 * refunded by the recovery sweep once its deadline has passed — once, even with two nodes sweeping.
 */

/** The built-in engine, except that replies wait at a gate (a node stuck mid-reply). */
function gatedBrain() {
  const builtin = createBuiltinBrain();
  let open!: () => void;
  let gate = new Promise<void>((r) => (open = r));
  let entered = 0;
  const brain: Brain = {
    name: 'gated',
    greeting: (ctx) => builtin.greeting(ctx),
    async reply(ctx) {
      entered++;
      await gate;
      return builtin.reply(ctx);
    },
  };
  return {
    brain,
    entered: () => entered,
    release: () => open(),
    rearm: () => {
      gate = new Promise<void>((r) => (open = r));
    },
  };
}

const later = () => new Date(Date.now() + 60_000);

async function send(t: TestApp, s: Session, chatId: string, text: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chat/send/${chatId}`,
    headers: bearer(s),
    payload: { message: { message: text }, type: 'text' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ updatedTokens: number; message: { _id: string } }>();
}

type History = { locked: boolean; messages: Array<{ _id: string; self: boolean; failed: boolean }> };
const history = async (t: TestApp, s: Session, chatId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/chat/${chatId}`, headers: bearer(s) })).json<{
    data: History;
  }>().data;
const balance = async (t: TestApp, s: Session) => (await t.app.ctx.services.users.getById(s.userId)).tokens;

describe('a reply owed past its deadline', () => {
  const g = gatedBrain();
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ REPLY_DEADLINE_MS: '30000', RECOVERY_SWEEP_MS: '0' }, { brain: g.brain });
    url = await listenLocally(t.app);
  });
  afterAll(async () => {
    g.release();
    await t.close();
  });

  it('is failed and refunded once by the sweep; the chat unlocks and the devices hear it; a late reply is dropped', async () => {
    const s = await onboardedUser(t.app);
    const chat = await createChat(t.app, s);
    const before = await balance(t, s);
    const socket = await connectSocket(url, s.token);
    const events: Array<[string, unknown]> = [];
    for (const name of ['message_failed', 'chat', 'tokens', 'message'])
      socket.on(name, (payload: unknown) => events.push([name, payload]));

    const sent = await send(t, s, chat._id, 'Are you there?');
    expect(sent.updatedTokens).toBeLessThan(before);
    await eventually(async () => g.entered() === 1);
    // Not yet due: the sweep leaves a reply inside its deadline alone.
    expect((await t.app.ctx.services.chats.recoverOverdueReplies(new Date())).failed).toBe(0);
    expect((await history(t, s, chat._id)).locked).toBe(true);

    expect((await t.app.ctx.services.chats.recoverOverdueReplies(later())).failed).toBe(1);
    expect((await t.app.ctx.services.chats.recoverOverdueReplies(later())).failed).toBe(0);
    expect(await balance(t, s)).toBe(before);
    const h = await history(t, s, chat._id);
    expect(h.locked).toBe(false);
    expect(h.messages.find((m) => m._id === sent.message._id)?.failed).toBe(true);
    await eventually(async () =>
      events.some(
        ([n, p]) => n === 'message_failed' && (p as { messageId: string }).messageId === sent.message._id,
      ),
    );
    await eventually(async () =>
      events.some(([n, p]) => n === 'chat' && (p as { locked: boolean }).locked === false),
    );
    await eventually(async () =>
      events.some(([n, p]) => n === 'tokens' && (p as { tokens: number }).tokens === before),
    );

    // The stuck node wakes up: its reply is dropped, not stored or charged beside the refund.
    g.release();
    await eventually(async () => t.app.ctx.background.size === 0);
    const after = await history(t, s, chat._id);
    expect(after.messages.filter((m) => !m.self)).toHaveLength(1); // the greeting only
    expect(
      events.some(([n, p]) => n === 'message' && !(p as { message: { self: boolean } }).message.self),
    ).toBe(false);
    const refunds = await t.app.ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, s.userId), eq(ledgerEntries.reason, 'refund')));
    expect(refunds).toHaveLength(1);
    expect(await ledgerProblems(t.app.ctx.db)).toEqual([]);
    socket.close();
  });

  it('a reply that comes in time settles it: the sweep finds nothing', async () => {
    g.rearm();
    const s = await onboardedUser(t.app);
    const chat = await createChat(t.app, s);
    const entered = g.entered();
    await send(t, s, chat._id, 'Hello again');
    await eventually(async () => g.entered() === entered + 1);
    g.release();
    await eventually(async () => !(await history(t, s, chat._id)).locked);
    expect((await t.app.ctx.services.chats.recoverOverdueReplies(later())).failed).toBe(0);
    expect((await history(t, s, chat._id)).messages.filter((m) => !m.self)).toHaveLength(2);
  });
});

describe.skipIf(!(process.env.DATABASE_URL && process.env.REDIS_URL))('two nodes sweeping at once', () => {
  const g = gatedBrain();
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: process.env.REDIS_URL!, REPLY_DEADLINE_MS: '30000', RECOVERY_SWEEP_MS: '0' };
    a = await createTestApp(env, { brain: g.brain });
    b = await createTestApp(env, { brain: createBuiltinBrain() }, a);
  });
  afterAll(async () => {
    g.release();
    await b?.close();
    await a?.close();
  });

  it('fail and refund each overdue reply once', async () => {
    const users = await Promise.all([onboardedUser(a.app), onboardedUser(a.app), onboardedUser(a.app)]);
    const chats = await Promise.all(users.map((u) => createChat(a.app, u)));
    const before = await Promise.all(users.map((u) => balance(a, u)));
    for (const [i, u] of users.entries()) await send(a, u, chats[i]!._id, `Hi ${i}`);
    await eventually(async () => g.entered() === 3);
    const now = later();
    const [ra, rb] = await Promise.all([
      a.app.ctx.services.chats.recoverOverdueReplies(now),
      b.app.ctx.services.chats.recoverOverdueReplies(now),
    ]);
    expect(ra.failed + rb.failed).toBe(3);
    for (const [i, u] of users.entries()) {
      expect(await balance(a, u)).toBe(before[i]);
      expect((await history(b, u, chats[i]!._id)).locked).toBe(false);
    }
    g.release();
    await eventually(async () => a.app.ctx.background.size === 0);
    expect(await ledgerProblems(a.app.ctx.db)).toEqual([]);
  });
});
