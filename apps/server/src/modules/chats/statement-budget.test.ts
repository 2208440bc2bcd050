import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementStats } from '../../db/client.ts';
import { ledgerProblems, queryRows } from '../../test/ledger-check.ts';
import { bearer, createChat, createTestApp, onboardedUser, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 13 item 1 (at most 4), decisions 120 and 203: a message round trip (the send, then her
 * reply stored) costs 2 statements in steady state, both autocommit: no BEGIN or COMMIT. Counted
 * by the database layer, not timed, so it holds on any machine and on both databases.
 */
describe('statements per message round trip', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const idle = async () => {
    while (t.app.ctx.background.size > 0) await new Promise((r) => setTimeout(r, 2));
  };
  const send = async (s: { token: string }, chatId: string, text: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/send/${chatId}`,
      headers: bearer(s),
      payload: { message: { message: text }, type: 'text' },
    });
    await idle();
    return res;
  };
  const balance = async (userId: string) =>
    Number(
      (
        await queryRows<{ tokens: number }>(t.app.ctx.db, sql`select tokens from users where id = ${userId}`)
      )[0]?.tokens,
    );

  it('is 2 autocommit statements, and each round trip is whole', async () => {
    const s = await onboardedUser(t.app);
    const chat = await createChat(t.app, s);
    for (let i = 0; i < 3; i++) expect((await send(s, chat._id, `warming up ${i}`)).statusCode).toBe(200);
    const stats = statementStats(t.app.ctx.db);
    const before = await balance(s.userId);
    const cost = (await t.app.ctx.services.settings.costs()).tokens_for_message;
    const rounds = 5;
    const counts: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const at = stats.statements;
      const res = await send(s, chat._id, `message number ${i}`);
      counts.push(stats.statements - at);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ updatedTokens: number }>().updatedTokens).toBe(before - (i + 1) * cost);
    }
    // The median: work the sign-up left running (its mail, say) may land in one window, and a
    // regression of the round trip raises every one.
    const median = [...counts].sort((a, b) => a - b)[Math.floor(counts.length / 2)]!;
    expect(median, `statements per round trip: ${counts.join(', ')}`).toBeLessThanOrEqual(2);
    // Every message was charged once, answered once, and the chat is free again.
    expect(await balance(s.userId)).toBe(before - rounds * cost);
    const [row] = await queryRows<{ mine: string; hers: string; owed: string; locked: boolean }>(
      t.app.ctx.db,
      sql`select
        (select count(*) from messages where chat_id = ${chat._id} and self) as mine,
        (select count(*) from messages where chat_id = ${chat._id} and not self and event_type is null) as hers,
        (select count(*) from owed_replies where chat_id = ${chat._id}) as owed,
        (select locked from chats where id = ${chat._id}) as locked`,
    );
    expect(Number(row!.mine)).toBe(3 + rounds);
    expect(Number(row!.hers)).toBe(1 + 3 + rounds); // her greeting, then one reply each
    expect(Number(row!.owed)).toBe(0);
    expect(row!.locked).toBe(false);
    expect(await ledgerProblems(t.app.ctx.db)).toEqual([]);
  });

  it('a chat head changed behind the cache (a lost invalidation) is re-read: the right price, no double charge', async () => {
    const s = await onboardedUser(t.app, 'Sam');
    const chat = await createChat(t.app, s, { botIndex: 1 });
    expect((await send(s, chat._id, 'hello there')).statusCode).toBe(200);
    // Another node switched the chat to Russian and its message never arrived here.
    await t.app.ctx.db.execute(sql`update chats set language = 'ru' where id = ${chat._id}`);
    const before = await balance(s.userId);
    const res = await send(s, chat._id, 'привет');
    expect(res.statusCode).toBe(200);
    const costs = await t.app.ctx.services.settings.costs();
    expect(await balance(s.userId)).toBe(before - costs.tokens_for_message - costs.extra_tokens_for_language);
    // A ban written behind every cache still refuses the send and charges nothing.
    await t.app.ctx.db.execute(
      sql`update users set banned = true, banned_reason = 'spam' where id = ${s.userId}`,
    );
    const banned = await send(s, chat._id, 'still here?');
    expect(banned.statusCode).toBe(403);
    expect(await balance(s.userId)).toBe(before - costs.tokens_for_message - costs.extra_tokens_for_language);
    expect(await ledgerProblems(t.app.ctx.db)).toEqual([]);
  });
});
