import { DEFAULT_GIFTS, type Settings } from '@amora/shared/settings.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminTestApp,
  createChat,
  onboardedUser,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';

/** Issue 11 item 5: the console reads chat feedback and edits gift prices. */
describe('operator reading', () => {
  let t: TestApp;
  let admin: Session;
  let user: Session;
  beforeAll(async () => {
    ({ t, admin } = await createAdminTestApp());
    user = await onboardedUser(t.app);
  });
  afterAll(async () => t?.close());

  it('lists chat feedback newest first with the user and the character, for operators only', async () => {
    const chat = await createChat(t.app, user, { botIndex: 1 });
    for (const [rating, text] of [
      [4, 'Lovely'],
      [2, 'She forgot my name'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/chat/${chat._id}/feedback`,
        headers: bearer(user),
        payload: { rating, text },
      });
      expect(res.statusCode).toBe(201);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/feedback', headers: bearer(user) })).statusCode,
    ).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/feedback', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const rows = res.json<{
      data: {
        rating: number;
        text: string;
        chatId: string;
        user: { email: string };
        bot: { name: string };
      }[];
    }>().data;
    expect(rows.map((r) => r.text)).toEqual(['She forgot my name', 'Lovely']);
    const bots = (await t.app.inject({ method: 'GET', url: '/api/bots' })).json<{
      data: { name: string }[];
    }>().data;
    expect(rows[0]).toMatchObject({
      rating: 2,
      chatId: chat._id,
      user: { email: user.email },
      bot: { name: bots[1]!.name },
    });
  });

  it('edits gift prices; the public settings show them at once', async () => {
    const gifts = structuredClone(DEFAULT_GIFTS);
    gifts[0]!.tokens = 99;
    gifts[0]!.name = 'Dark chocolate';
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/gifts',
      headers: bearer(admin),
      payload: gifts,
    });
    expect(res.statusCode).toBe(200);
    const pub = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json<{
      data: { settings: Settings };
    }>().data.settings;
    expect(pub.gifts[0]).toMatchObject({ id: 'chocolate', tokens: 99, name: 'Dark chocolate' });
  });

  it('refuses a gift list that drops, repeats or renames a gift', async () => {
    const put = (payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/gifts',
        headers: bearer(admin),
        payload: payload as object,
      });
    const dropped = await put(DEFAULT_GIFTS.slice(1));
    expect(dropped.statusCode).toBe(400);
    const twice = structuredClone(DEFAULT_GIFTS);
    twice[1] = { ...twice[0]! };
    expect((await put(twice)).statusCode).toBe(400);
    const badCommand = structuredClone(DEFAULT_GIFTS);
    badCommand[2]!.command = 'gift:roses';
    expect((await put(badCommand)).statusCode).toBe(400);
    const negative = structuredClone(DEFAULT_GIFTS);
    negative[0]!.tokens = -1;
    expect((await put(negative)).statusCode).toBe(400);
  });
});
